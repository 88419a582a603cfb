/**
 * Usernames people can tell apart (issue 19). A username is kept in Unicode NFKC (so a full-width 'ａdmin' is stored
 * as 'admin'), may not hold an invisible or control character (a zero-width space makes 'admin\u200b' look like the
 * Super Admin), and may not be a lookalike of another member's name: two names whose skeletons match are the same
 * name to a person reading a job card.
 */

/**
 * The longest username a sign-in or an unlock takes: names are set at 12 at most (MEMBER_MAX), this leaves room for
 * an account named before that rule and still refuses a megabyte of text before it reaches the server's lookup.
 */
export const SIGN_IN_USERNAME_MAX = 64;

/** NFKC and trimmed: the form a username is stored, compared and signed in with. */
export function normaliseUsername(raw: string): string {
  return raw.normalize('NFKC').trim();
}

/** Control, format (zero-width, bidi overrides), separators other than the plain space, and unpaired surrogates. */
const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\u115f\u1160\u3164\uffa0]|\p{Cs}/u;

export function hasInvisibleCharacter(name: string): boolean {
  return INVISIBLE.test(name);
}

/**
 * Letters that read as another to a person: Cyrillic and Greek letters shaped like Latin ones, and the digits and
 * letters staff mix up on a screen (0/o, 1/l). Not all of Unicode's confusables: the ones a shop's keyboard and
 * phone can type.
 */
const LOOKALIKE: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  '0': 'o',
  '1': 'l',
  '|': 'l',
  $: 's',
  '@': 'a',
};

const fold = (name: string) =>
  [...name.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '')]
    .map((c) => LOOKALIKE[c] ?? c)
    .join('')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w');

/**
 * What a name looks like to a person, read two ways: by its letters (case, accents and lookalike scripts dropped:
 * 'AdmIn', 'ädmin', Cyrillic 'аdmin' all read 'admin') and by its glyphs (a capital I drawn as the l beside it:
 * 'Ian' and 'lan'). Two names are lookalikes when either reading matches.
 */
export function usernameSkeletons(name: string): [string, string] {
  const n = normaliseUsername(name);
  return [fold(n), fold(n.replace(/I/g, 'l'))];
}

/** The existing name a new one would be mistaken for, if any (its own current name excluded by the caller). */
export function lookalikeOf(name: string, existing: Iterable<string>): string | undefined {
  const [letters, glyphs] = usernameSkeletons(name);
  for (const other of existing) {
    const [l, g] = usernameSkeletons(other);
    if (l === letters || g === glyphs) return other;
  }
  return undefined;
}
