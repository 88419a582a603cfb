import { Text } from '@chakra-ui/react';
import { LEVEL_NAMES, isLevel } from '../../domain/levels';
import type { SessionUser } from './session';

/** "kim (Technician)" in the header: who is signed in on this device, and at what level. */
export function UserName({ user }: { user: SessionUser | null }) {
  const level = user?.permission ?? 0;
  return (
    <Text as="span" fontSize="sm" data-testid="current-user">
      {user?.username}{' '}
      {isLevel(level) && LEVEL_NAMES[level] && <Text as="span" whiteSpace="nowrap">{`(${LEVEL_NAMES[level]})`}</Text>}
    </Text>
  );
}
