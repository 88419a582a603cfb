import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../src/domain/passwords';
import { hasInvisibleCharacter, lookalikeOf, normaliseUsername } from '../../src/domain/usernames';

describe('usernames people can tell apart', () => {
  it('keeps names in NFKC and finds invisible, control and odd-space characters', () => {
    expect(normaliseUsername(' ｋｉｍ ')).toBe('kim');
    for (const bad of [
      'ad\u200bmin',
      'a\u0000b',
      'tab\there',
      'rtl\u202egnp',
      'nb\u00a0sp',
      'soft\u00adhy',
      'bom\ufeff',
      'lone\ud800',
    ]) {
      expect(hasInvisibleCharacter(bad), JSON.stringify(bad)).toBe(true);
    }
    for (const good of ['kim', 'José', 'o_brien', 'tech-3', 'Łukasz', '陈伟'])
      expect(hasInvisibleCharacter(good), good).toBe(false);
  });

  it('reads case, accents, lookalike scripts, rn/m and a capital I as the names they imitate', () => {
    const team = ['admin', 'kim', 'lan', 'tech_i1'];
    expect(lookalikeOf('ADMIN', team)).toBe('admin');
    expect(lookalikeOf('\u0430dmin', team)).toBe('admin');
    expect(lookalikeOf('adrnin', team)).toBe('admin');
    expect(lookalikeOf('Ian', team)).toBe('lan');
    expect(lookalikeOf('kím', team)).toBe('kim');
    expect(lookalikeOf('k1m', team)).toBeUndefined();
    expect(lookalikeOf('tech_l1', team)).toBeUndefined();
    expect(lookalikeOf('to0l', ['tool'])).toBe('tool');
    expect(lookalikeOf('bay', team)).toBeUndefined();
  });
});

describe('passwords', () => {
  it('are 8–128 characters, not common, not the username', () => {
    expect(passwordProblem('seven77')).toBe('short');
    expect(passwordProblem('x'.repeat(100) + 'y'.repeat(29))).toBe('long');
    expect(passwordProblem('Password')).toBe('common');
    expect(passwordProblem('iloveyou2024')).toBe('common');
    expect(passwordProblem('aaaaaaaaaa')).toBe('common');
    expect(passwordProblem('kim-is-great', 'Kim')).toBe('username');
    expect(passwordProblem('torque-wrench-9', 'kim')).toBeUndefined();
    expect(passwordProblem('x'.repeat(127) + 'y')).toBeUndefined();
  });
});
