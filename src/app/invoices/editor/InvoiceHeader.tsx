import { Badge, Box, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatShop } from '../../../domain/dates';
import { displayInvoiceNumber, displayJobNumber, invoiceHeader } from '../../../domain/jobs';
import { isInvoiceLocked } from '../../../domain/totals';
import type { InvoiceRow, JobRow } from '../../../local/db';
import { MailLink, TelLink } from '../../ui/links';
import { CompleteJobButton } from './CompleteJobButton';

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="fg.muted">
        {label}
      </Text>
      <Box data-testid={`info-${label.toLowerCase()}`}>{children || <Text color="fg.muted">—</Text>}</Box>
    </Stack>
  );
}

/**
 * SPEC §2 Invoice editor header: the invoice number, its time in the shop's time zone (SPEC §9 "stored time plus
 * 5 hours"), the badge of SPEC §4 (PAID: paid in full and locked; else Due) with Complete job beside PAID while its
 * job is open, and the customer and vehicle: registration, contact, email, VIN, mileage and the services of its job
 * when it has one.
 */
export function InvoiceHeader({
  invoice,
  job,
  timeZone,
}: {
  invoice: InvoiceRow;
  job: JobRow | null | undefined;
  timeZone: string;
}) {
  const p = invoiceHeader(invoice.profile, job);
  const services = p.services;
  const paid = isInvoiceLocked(invoice);
  return (
    <Stack gap="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HStack gap="3">
          <Heading size="lg" data-testid="invoice-number">
            {displayInvoiceNumber(invoice.number)}
          </Heading>
          {/* one badge: paid and locked are the same condition (isInvoiceLocked), so "Paid" beside "PAID" said it twice */}
          <Badge colorPalette={paid ? 'green' : 'red'} size="lg" data-testid="invoice-status">
            {paid ? 'PAID' : 'Due'}
          </Badge>
          {paid && job && <CompleteJobButton job={job} />}
          {invoice.type === 'product' && <Badge>Product sale</Badge>}
        </HStack>
        <Text color="fg.muted" data-testid="invoice-created">
          {formatShop(invoice.created_at, timeZone)}
        </Text>
      </HStack>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Info label="Customer">{`${invoice.first_name} ${invoice.last_name}`.trim()}</Info>
        <Info label="Registration">{invoice.registration}</Info>
        <Info label="Contact">{p.contact ? <TelLink phone={p.contact} /> : null}</Info>
        <Info label="Email">{p.email ? <MailLink email={p.email} /> : null}</Info>
        <Info label="VIN">{invoice.vin}</Info>
        <Info label="Mileage">{p.mileage !== null ? String(p.mileage) : null}</Info>
        <Info label="Job">{job ? displayJobNumber(job.number) : null}</Info>
        <Info label="Services">{services.length ? services.join(', ') : null}</Info>
      </SimpleGrid>
    </Stack>
  );
}
