import { Box, Button, Flex, Image, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { can } from '../../domain/permissions';
import { photoTypeRefusal } from '../../domain/photos';
import { checkPhotoSize } from '../../domain/schemas';
import { fetchShopLogo, removeShopLogo, uploadShopLogo } from '../../sync/photos';
import { notify, notifyError } from '../feedback/toaster';
import { currentUser } from '../session/session';
import { useConfirmedAction } from '../ui/confirm';
import { useLevel } from '../session/useLevel';

const token = () => currentUser()?.token;

/** The logo as documents print it, through an object URL revoked when it is replaced or leaves the screen. */
function useLogoUrl(): { url: string | null; loaded: boolean; reload: () => void } {
  const [state, setState] = useState<{ url: string | null; loaded: boolean }>({ url: null, loaded: false });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    void fetchShopLogo(token()).then((png) => {
      if (!live) return;
      url = png ? URL.createObjectURL(new Blob([png], { type: 'image/png' })) : null;
      setState({ url, loaded: true });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}

/** Upload logo: a picture of an accepted type and size (the photos' rules), sent as the form the server takes. */
function useLogoUpload(reload: () => void) {
  const [busy, setBusy] = useState(false);
  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = '';
    if (!file) return;
    const refusal = photoTypeRefusal(file.type);
    const size = checkPhotoSize(file.size);
    if (refusal || !size.ok) return notifyError(refusal ?? (size.ok ? '' : size.message));
    const form = new FormData();
    form.append('myfile', file, file.name || 'logo.png');
    setBusy(true);
    try {
      await uploadShopLogo(form, token());
      notify('Logo uploaded');
      reload();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, upload };
}

/**
 * The shop's logo on every document (issue 15), above the configuration sheet: what documents print now, and for level
 * 5 Upload logo (a picture the server keeps, as photos are: src/server/images.ts) and Remove logo. It goes straight to
 * the server — one shop, one logo, not a record to queue — and each device keeps the copy its documents print offline.
 */
export function ShopLogo() {
  const level = useLevel();
  const editable = can('config.edit', level);
  const { url, loaded, reload } = useLogoUrl();
  const input = useRef<HTMLInputElement>(null);
  const { busy, upload } = useLogoUpload(reload);
  const act = useConfirmedAction();

  const remove = () =>
    act({
      title: 'Remove logo',
      message: "Documents will print the shop's name without a logo.",
      confirmLabel: 'Remove',
      danger: true,
      run: () => removeShopLogo(token()),
      done: 'Logo removed',
    }).then((removed) => removed && reload());

  return (
    <Stack gap="2" mb="6" data-testid="shop-logo">
      <Text fontWeight="semibold">Logo on documents</Text>
      <Flex gap="4" align="center" wrap="wrap">
        <Box borderWidth="1px" borderRadius="md" p="2" minW="40" minH="16" display="flex" alignItems="center">
          {url ? (
            <Image src={url} alt="The shop's logo" maxH="20" maxW="60" objectFit="contain" />
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {loaded ? 'No logo: documents print the shop name alone.' : 'Loading…'}
            </Text>
          )}
        </Box>
        {editable && (
          <Flex gap="2" wrap="wrap">
            <Button colorPalette="blue" onClick={() => input.current?.click()} loading={busy}>
              Upload logo
            </Button>
            {url && (
              <Button variant="outline" colorPalette="red" onClick={() => void remove()} disabled={busy}>
                Remove logo
              </Button>
            )}
            <input
              ref={input}
              type="file"
              accept="image/*"
              hidden
              data-testid="logo-input"
              onChange={(e) => void upload(e)}
            />
          </Flex>
        )}
      </Flex>
    </Stack>
  );
}
