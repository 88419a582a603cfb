import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { secureUrl, setupUrl, type SetupAddress } from '../../domain/secureAddress';
import { readSetupAddress } from '../shell/setupAddress';
import { QrCode } from '../ui/QrCode';

/**
 * "Set up a tablet" on the Configuration sheet (issue 30): the set-up page's address as a QR code a new tablet's
 * camera opens, and the secure address it ends at. Read from the server, so it needs the link (it says so offline).
 */
export function DeviceSetup() {
  const [address, setAddress] = useState<SetupAddress | null | undefined>(undefined);
  useEffect(() => void readSetupAddress().then(setAddress), []);
  const hostname = window.location.hostname;
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" mb="6" data-testid="device-setup">
      <Heading size="md" mb="2">
        Set up a tablet
      </Heading>
      {address === undefined ? null : address === null ? (
        <Text>The set-up address is read from the server: connect this device, then open this screen again.</Text>
      ) : (
        <Flex gap="6" wrap="wrap" align="center">
          <QrCode text={setupUrl(address, hostname)} label="QR code of the set-up page" />
          <Stack gap="2" maxW="28rem">
            <Text>
              On the new tablet, scan this code with the camera (or open{' '}
              <Text as="span" fontWeight="semibold" data-testid="setup-url">
                {setupUrl(address, hostname)}
              </Text>
              ), trust the shop&apos;s certificate once as the page says, then open BayBook at{' '}
              <Text as="span" fontWeight="semibold" data-testid="secure-url">
                {secureUrl(address, address.tabletHost) ?? 'the https address of the proxy in front'}
              </Text>{' '}
              and install it.
            </Text>
          </Stack>
        </Flex>
      )}
    </Box>
  );
}
