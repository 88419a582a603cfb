import { Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { MSG } from '../../domain/messages';
import { useData, useStorageState } from '../data/context';

/**
 * Under the header while the browser has not promised to keep the device's data (issue 15): what that means, in
 * one sentence, and the button that asks it (navigator.storage.persist() through the storage monitor). Gone once the
 * browser agrees; if it says no, what to do next. The sync status keeps its short "Storage not protected" besides.
 */
export function StorageNotice() {
  const { storage } = useData();
  const state = useStorageState();
  const [asking, setAsking] = useState(false);
  const [refused, setRefused] = useState(false);
  if (!state || state.persisted) return null;
  const ask = async () => {
    setAsking(true);
    try {
      const next = await storage.protect();
      setRefused(!next.persisted);
    } finally {
      setAsking(false);
    }
  };
  return (
    <Flex
      role="region"
      aria-label="Storage"
      data-testid="storage-notice"
      align="center"
      gap="3"
      wrap="wrap"
      px="4"
      py="2"
      bg="orange.50"
      borderBottomWidth="1px"
      borderColor="orange.200"
    >
      <Text fontSize="sm" color="orange.900" flex="1" minW="16rem">
        {MSG.storageNotice}
        {refused && (
          <Text as="span" display="block" data-testid="storage-refused">
            {MSG.storageRefused}
          </Text>
        )}
      </Text>
      <Button size="sm" variant="outline" colorPalette="orange" bg="white" loading={asking} onClick={() => void ask()}>
        Protect storage
      </Button>
    </Flex>
  );
}
