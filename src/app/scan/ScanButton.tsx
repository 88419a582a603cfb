import { Alert, Box, Button, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import type { ScanKind } from '../../domain/scan';
import { DialogFrame } from '../ui/DialogFrame';
import { useScanLoop } from './useScanLoop';

const TITLES: Record<ScanKind, string> = { product: 'Scan a product barcode', vin: 'Scan the VIN barcode' };
const AIM: Record<ScanKind, string> = {
  product: 'Hold the barcode flat in the middle of the picture, about a hand away.',
  vin: 'Aim at the VIN label on the door jamb or under the windscreen, across the bars.',
};

/**
 * The camera dialog: starts the camera, reads frames until a barcode of the field's formats is seen, gives the read
 * (made a field value by the domain's scannedValue) to onRead and closes. A camera that cannot start says what
 * happened and what to do (cameraProblem); a read that is not a VIN says so and scanning goes on.
 */
function ScanDialog({ kind, onRead, onClose }: { kind: ScanKind; onRead: (v: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const { problem, refused } = useScanLoop(kind, video, (value) => {
    onRead(value);
    onClose();
  });

  return (
    <DialogFrame
      title={TITLES[kind]}
      onClose={onClose}
      testId="scan-dialog"
      size="lg"
      footer={
        <Button variant="outline" minH="44px" onClick={onClose}>
          Type instead
        </Button>
      }
    >
      {problem ? (
        <Alert.Root status="warning" data-testid="scan-problem">
          <Alert.Indicator />
          <Alert.Description>{problem}</Alert.Description>
        </Alert.Root>
      ) : (
        <Text fontSize="sm" mb="2">
          {AIM[kind]}
        </Text>
      )}
      <Box display={problem ? 'none' : 'block'} bg="black" borderRadius="md" overflow="hidden">
        <video ref={video} playsInline muted style={{ width: '100%', maxHeight: '50vh', objectFit: 'contain' }} />
      </Box>
      {refused && !problem && (
        <Text fontSize="sm" color="orange.700" mt="2" role="status" data-testid="scan-refused">
          {refused}
        </Text>
      )}
    </DialogFrame>
  );
}

/**
 * "Scan" beside a field (issue 18): opens the camera dialog; the read goes to onRead, which fills the field through
 * the same handler typing uses. 44 px square at least, for a finger on the tablet.
 */
export function ScanButton({
  kind,
  onRead,
  disabled,
}: {
  kind: ScanKind;
  onRead: (v: string) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        colorPalette="blue"
        minH="44px"
        minW="44px"
        flexShrink={0}
        disabled={disabled}
        aria-label={kind === 'vin' ? 'Scan the VIN' : 'Scan a barcode'}
        onClick={() => setOpen(true)}
      >
        Scan
      </Button>
      {open && <ScanDialog kind={kind} onRead={onRead} onClose={() => setOpen(false)} />}
    </>
  );
}
