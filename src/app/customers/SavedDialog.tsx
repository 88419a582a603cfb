import { Button, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { can } from '../../domain/permissions';
import type { CustomerRow } from '../../local/db';
import { DialogFrame } from '../ui/DialogFrame';

/** The customer is saved: Do Service (a request for the vehicle), Make Sale (where the level may), or Close. */
export function SavedDialog({
  saved,
  level,
  onClose,
}: {
  saved: CustomerRow | null;
  level: number;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const footer = (
    <>
      <Button
        colorPalette="blue"
        onClick={() => saved && void navigate(`/make-request?vin=${encodeURIComponent(saved.vin)}`)}
      >
        Do Service
      </Button>
      {can('sale.create', level) && (
        <Button
          colorPalette="green"
          onClick={() => saved && void navigate(`/make-sale?id=${encodeURIComponent(saved.id)}`)}
        >
          Make Sale
        </Button>
      )}
      <Button variant="outline" onClick={onClose}>
        Close
      </Button>
    </>
  );
  return (
    <DialogFrame
      title="Customer saved"
      testId="customer-saved"
      open={!!saved}
      closeButton={false}
      onClose={onClose}
      footer={footer}
    >
      {saved && <Text>{`${saved.first_name} ${saved.last_name} (${saved.registration}) is saved. What next?`}</Text>}
    </DialogFrame>
  );
}
