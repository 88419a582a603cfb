import { Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { MSG } from '../../domain/messages';
import { SETUP_PATH, secureUrl, setupUrl, type SetupAddress } from '../../domain/secureAddress';
import { readSetupAddress } from './setupAddress';

/**
 * At sign-in and under the header when the app was opened at an address that is not a secure context (plain http
 * on the shop's network, issue 30): the browser gives it no service worker, so it will not open with the Wi-Fi down,
 * and no camera. Says so and links to the HTTPS address and the set-up page — never silently.
 */
export function InsecureNotice() {
  const insecure = globalThis.isSecureContext === false;
  const [address, setAddress] = useState<SetupAddress | null>(null);
  useEffect(() => {
    if (insecure) void readSetupAddress().then(setAddress);
  }, [insecure]);
  if (!insecure) return null;
  const { hostname, pathname } = window.location;
  const secure = address && secureUrl(address, hostname, pathname);
  return (
    <Flex
      role="region"
      aria-label="Not offline-capable"
      data-testid="insecure-notice"
      px="4"
      py="2"
      bg="red.50"
      borderBottomWidth="1px"
      borderColor="red.200"
    >
      <Stack gap="1" fontSize="sm" color="red.900">
        <Text fontWeight="semibold">{MSG.insecureOrigin}</Text>
        {address && !secure && <Text>{MSG.insecureOriginNoHttps}</Text>}
        <Flex gap="4" wrap="wrap">
          {secure && <NoticeLink href={secure}>Open the secure address</NoticeLink>}
          <NoticeLink href={address ? setupUrl(address, hostname) : SETUP_PATH}>Set up this device</NoticeLink>
        </Flex>
      </Stack>
    </Flex>
  );
}

const NoticeLink = ({ href, children }: { href: string; children: string }) => (
  <Link
    href={href}
    fontWeight="semibold"
    textDecoration="underline"
    minH="44px"
    display="inline-flex"
    alignItems="center"
  >
    {children}
  </Link>
);
