import { Alert, Badge, Box, Button, Field, Flex, Heading, Input, SimpleGrid, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useController, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { BOOKING_FORMAT, DAY_FORMAT, formatShop, parseBooking } from '../../domain/dates';
import { displayJobNumber } from '../../domain/jobs';
import { MSG } from '../../domain/messages';
import { can, seesAuthorizationTerms } from '../../domain/permissions';
import { NOTE_MAX, serviceCustomerSchema } from '../../domain/schemas/customer';
import { useShopTimeZone } from '../ui/useShopTimeZone';
import { AUTHORIZATION_TITLE, authorizationTerms, storageTermsFrom } from '../../domain/terms';
import type { CustomerRow } from '../../local/db';
import { CustomerFields, type CustomerFieldValues, toCustomerForm } from '../customers/CustomerFields';
import { useRepos } from '../data/DataProvider';
import { ServicesChecklist } from '../ui/ServicesChecklist';
import { notify, notifyError } from '../feedback/toaster';
import { useSession } from '../session/session';
import { Section } from '../ui/Section';
import {
  checklist,
  collectErrors,
  EMPTY_REQUEST,
  isBlocked,
  lookupCustomer,
  validateRequest,
  type FormErrors,
  type RequestFormValues,
} from './request/form';

/** react-calendar is loaded only when the booking part is shown (level 4 and up), never in the main chunk. */
const BookingCalendar = lazy(() => import('./request/BookingCalendar'));

const BOOKING_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/;

function customerPart(v: RequestFormValues): CustomerFieldValues {
  return { vin: v.vin, registration: v.registration, first_name: v.first_name, last_name: v.last_name, contact: v.contact, email: v.email };
}

function CustomerSummary({ customer, onChange }: { customer: CustomerRow; onChange: () => void }) {
  const blocked = isBlocked(customer);
  return (
    <Box mt="4" p="3" borderRadius="md" borderWidth="1px" bg={blocked ? 'pink.50' : 'green.50'} data-testid="selected-customer">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Stack gap="0.5">
          <Text fontWeight="semibold">
            {customer.first_name} {customer.last_name}
            {blocked && (
              <Badge ml="2" colorPalette="red">
                Blocked
              </Badge>
            )}
          </Text>
          <Text fontSize="sm">
            {customer.registration} · VIN {customer.vin}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {customer.contact}
            {customer.email ? ` · ${customer.email}` : ''}
          </Text>
          {customer.note ? (
            <Text fontSize="sm" color="fg.muted">
              {customer.note}
            </Text>
          ) : null}
        </Stack>
        <Button size="sm" variant="outline" onClick={onChange}>
          Change customer
        </Button>
      </Flex>
      {blocked && (
        <Text mt="2" color="red.600" role="alert">
          {MSG.customerBlocked}
        </Text>
      )}
    </Box>
  );
}

/**
 * SPEC §2 Make Service Request (/make-request, and `/` for levels 1–2): find the customer by VIN or registration
 * (or register one inline), mileage, the services checklist with the vehicle's outstanding work pre-ticked, an
 * optional customer note, the authorization terms (below level 4) and an optional booking (level 4 and up).
 * Everything is read from and written to the device's database, so a request can be made with the network down.
 */
export default function MakeRequest() {
  const repos = useRepos();
  const user = useSession();
  const level = user?.permission ?? 0;
  const canBook = can('request.book', level);
  const showTerms = seesAuthorizationTerms(level);
  const [params, setParams] = useSearchParams();
  const vinParam = params.get('vin');

  const settings = useLiveQuery(() => repos.config.settings(), [repos]);
  const tz = useShopTimeZone();
  const catalogue = useLiveQuery(() => repos.jobs.catalogue(), [repos]);

  const [newCustomer, setNewCustomer] = useState(false);
  const [lookupText, setLookupText] = useState(vinParam ?? '');
  const [lookupError, setLookupError] = useState('');
  const [matches, setMatches] = useState<CustomerRow[]>([]);
  const [picked, setPicked] = useState<CustomerRow | null>(null);
  const live = useLiveQuery(() => (picked ? repos.customers.get(picked.id) : undefined), [repos, picked?.id]);
  // the live row (blocked meanwhile, edited) once it is the picked customer's; the picked row until then
  const customer = picked ? (live && live.id === picked.id ? live : picked) : null;
  const [outstanding, setOutstanding] = useState<string[]>([]);
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  // what the resolver needs at submit time (it is created once)
  const ctx = useRef({ newCustomer, tz, canBook });
  ctx.current = { newCustomer, tz, canBook };

  const resolver = useCallback<Resolver<RequestFormValues>>(async (values) => {
    const c = ctx.current;
    const errors: FormErrors = c.newCustomer ? await collectErrors(serviceCustomerSchema, customerPart(values)) : {};
    Object.assign(errors, await validateRequest(values, c.tz, c.canBook));
    return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<RequestFormValues> } : { values, errors: {} };
  }, []);

  const { register, handleSubmit, control, setValue, getValues, reset, watch, formState } = useForm<RequestFormValues>({
    defaultValues: EMPTY_REQUEST,
    resolver,
  });
  const { errors, isSubmitted } = formState;
  const { field: serviceField } = useController({ name: 'service', control });
  const ticked = serviceField.value;

  // ---- outstanding services, pre-ticked for the chosen vehicle ------------------------------------------------
  const suggested = useRef<string[]>([]);
  const outstandingRun = useRef(0);
  const applyOutstanding = useCallback(
    async (vin: string | null, mileageText: string) => {
      const run = ++outstandingRun.current;
      const m = Number(mileageText);
      const list = vin ? await repos.jobs.outstanding(vin, Number.isInteger(m) && m >= 0 ? m : 0) : [];
      if (run !== outstandingRun.current) return;
      const before = suggested.current;
      // earlier suggestions that no longer apply (another vehicle) are unticked; new ones ticked; the rest as left
      const next = new Set(getValues('service').filter((s) => !(before.includes(s) && !list.includes(s))));
      for (const s of list) if (!before.includes(s)) next.add(s);
      suggested.current = list;
      setOutstanding(list);
      setValue('service', [...next], { shouldValidate: isSubmitted });
    },
    [repos, getValues, setValue, isSubmitted],
  );
  const vehicleVin = !newCustomer && customer ? customer.vin : null;
  useEffect(() => {
    void applyOutstanding(vehicleVin, getValues('mileage'));
    // Only when the vehicle changes: mileage changes re-check on blur, and applyOutstanding is new after a submit
    // (isSubmitted), which must not re-run the lookup. The effect reads this render's applyOutstanding, never a stale one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vehicleVin]);

  // ---- customer lookup ------------------------------------------------------------------------------------------
  const runLookup = useCallback(
    async (text: string): Promise<CustomerRow | null> => {
      setDone('');
      const r = await lookupCustomer(repos.customers, text);
      if (r.kind === 'error') {
        setLookupError(r.message);
        setMatches([]);
        setPicked(null);
        return null;
      }
      setLookupError('');
      if (r.kind === 'one') {
        setMatches([]);
        setPicked(r.customer);
        return r.customer;
      }
      setMatches(r.customers);
      setPicked(null);
      return null;
    },
    [repos],
  );

  // ?vin=… (Add Customer's "Do Service") pre-fills and runs the lookup
  useEffect(() => {
    if (!vinParam) return;
    setNewCustomer(false);
    setLookupText(vinParam);
    void runLookup(vinParam);
  }, [vinParam, runLookup]);

  const choose = (c: CustomerRow) => {
    if (isBlocked(c)) {
      setLookupError(MSG.customerBlocked);
      return;
    }
    setLookupError('');
    setMatches([]);
    setPicked(c);
  };

  const clearAll = () => {
    reset(EMPTY_REQUEST);
    setPicked(null);
    setMatches([]);
    setLookupText('');
    setLookupError('');
    setNewCustomer(false);
    suggested.current = [];
    setOutstanding([]);
    if (vinParam) setParams({}, { replace: true });
  };

  // ---- submit -------------------------------------------------------------------------------------------------
  const save = async (v: RequestFormValues, chosen: CustomerRow | null) => {
    try {
      // a new customer is registered by the jobs repository in the same transaction as the job (one write: nothing
      // half-saved to retry); below the level that may add customers it goes to the server inside POST /service only
      const inline = ctx.current.newCustomer;
      if (!inline) {
        if (!chosen) return;
        if (isBlocked(chosen)) {
          setLookupError(MSG.customerBlocked);
          return;
        }
      }
      const book = ctx.current.canBook && v.book_start.trim() ? { start: v.book_start.trim(), end: v.book_end.trim() } : null;
      const job = await repos.jobs.create({
        ...(inline ? { newCustomer: toCustomerForm(v) } : { customer: chosen! }),
        service: v.service,
        mileage: Number(v.mileage),
        customer_note: v.customer_note.trim(),
        // validated above: both parse in the shop's zone
        book_start: book ? parseBooking(book.start, tz) : null,
        book_end: book ? parseBooking(book.end, tz) : null,
      });
      const number = displayJobNumber(job.number);
      const message =
        job.status === 'booked' && job.book_start
          ? `Service request ${number} booked for ${formatShop(job.book_start, tz, BOOKING_FORMAT)}.`
          : `Service request ${number} received.`;
      clearAll();
      setDone(message);
      notify(message);
    } catch (err) {
      notifyError(err);
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      setDone('');
      let chosen = ctx.current.newCustomer ? null : customer;
      if (!ctx.current.newCustomer && !chosen) chosen = await runLookup(lookupText);
      await handleSubmit((v) => save(v, chosen))();
    } finally {
      setBusy(false);
    }
  };

  // the Enter key never submits the form (a tablet's Go key); in the lookup box it runs the lookup
  const blockEnter = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
  };

  // ---- booking --------------------------------------------------------------------------------------------------
  const startText = watch('book_start');
  const pickedDay = BOOKING_TEXT.exec(startText.trim())?.[1] ?? null;
  const today = formatShop(new Date(), tz, DAY_FORMAT);
  const pickDay = (day: string) => {
    const time = (t: string, fallback: string) => BOOKING_TEXT.exec(t.trim())?.[2] ?? fallback;
    const opts = { shouldValidate: isSubmitted, shouldDirty: true };
    setValue('book_start', `${day} ${time(getValues('book_start'), '08:00')}`, opts);
    setValue('book_end', `${day} ${time(getValues('book_end'), '09:00')}`, opts);
  };
  const bookingError = errors.book_end?.message ?? errors.book_start?.message;

  const services = checklist(catalogue ?? [], outstanding);
  const toggle = (title: string, on: boolean) => {
    // the latest value, not this render's: two quick taps must both count
    const now = getValues('service');
    const next = on ? [...new Set([...now, title])] : now.filter((s) => s !== title);
    serviceField.onChange(next);
  };
  const terms = authorizationTerms(storageTermsFrom(settings));
  const noteLength = watch('customer_note').length;

  return (
    <Box maxW="5xl" mx="auto">
      <Heading size="xl" mb="4">
        Make Service Request
      </Heading>
      {done && (
        <Alert.Root status="success" mb="4" role="status" data-testid="request-done">
          <Alert.Indicator />
          <Alert.Title>{done}</Alert.Title>
        </Alert.Root>
      )}
      <form noValidate onSubmit={onSubmit} onKeyDown={blockEnter}>
        <Stack gap="5">
          <Section
            title="Customer"
            right={
              <Switch.Root
                checked={newCustomer}
                onCheckedChange={(d) => {
                  setNewCustomer(d.checked);
                  setLookupError('');
                }}
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>New customer</Switch.Label>
              </Switch.Root>
            }
          >
            {newCustomer ? (
              <CustomerFields register={register} errors={errors} vin={watch('vin')} />
            ) : (
              <>
                <Field.Root invalid={!!lookupError}>
                  <Field.Label>VIN or registration</Field.Label>
                  <Flex gap="2" w="full">
                    <Input
                      value={lookupText}
                      autoComplete="off"
                      autoCapitalize="characters"
                      placeholder="At least 3 characters"
                      onChange={(e) => setLookupText(e.target.value)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') {
                          e.preventDefault();
                          void runLookup(lookupText);
                        }
                      }}
                    />
                    <Button type="button" colorPalette="blue" variant="outline" onClick={() => void runLookup(lookupText)}>
                      Find
                    </Button>
                  </Flex>
                  <Field.ErrorText>{lookupError}</Field.ErrorText>
                </Field.Root>
                {matches.length > 1 && (
                  <Stack gap="2" mt="4" data-testid="lookup-matches">
                    <Text fontSize="sm" color="fg.muted">
                      {matches.length} customers match. Choose one:
                    </Text>
                    {matches.map((c) => (
                      <Button
                        key={c.id}
                        type="button"
                        variant="outline"
                        justifyContent="flex-start"
                        h="auto"
                        py="3"
                        whiteSpace="normal"
                        textAlign="left"
                        onClick={() => choose(c)}
                      >
                        <Box>
                          <Text fontWeight="semibold">
                            {c.registration} · {c.first_name} {c.last_name}
                            {isBlocked(c) && (
                              <Badge ml="2" colorPalette="red">
                                Blocked
                              </Badge>
                            )}
                          </Text>
                          <Text fontSize="sm" color="fg.muted">
                            VIN {c.vin}
                          </Text>
                        </Box>
                      </Button>
                    ))}
                  </Stack>
                )}
                {customer && (
                  <CustomerSummary
                    customer={customer}
                    onChange={() => {
                      setPicked(null);
                      setLookupError('');
                    }}
                  />
                )}
              </>
            )}
          </Section>

          <Section title="Vehicle and services">
            <Stack gap="4">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <Field.Root invalid={!!errors.mileage} required>
                  <Field.Label>Mileage</Field.Label>
                  <Input
                    inputMode="numeric"
                    autoComplete="off"
                    {...register('mileage', { onBlur: () => vehicleVin && void applyOutstanding(vehicleVin, getValues('mileage')) })}
                  />
                  <Field.ErrorText>{errors.mileage?.message}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={!!errors.customer_note}>
                  <Field.Label>Customer note</Field.Label>
                  <Textarea rows={2} maxLength={NOTE_MAX} {...register('customer_note')} />
                  <Field.HelperText>
                    {noteLength}/{NOTE_MAX}
                  </Field.HelperText>
                  <Field.ErrorText>{errors.customer_note?.message}</Field.ErrorText>
                </Field.Root>
              </SimpleGrid>

              <ServicesChecklist
                items={services}
                loaded={!!catalogue}
                ticked={ticked}
                onToggle={toggle}
                error={errors.service?.message}
                badge={(title) =>
                  outstanding.includes(title) && (
                    <Badge ml="2" colorPalette="orange" size="sm">
                      Outstanding
                    </Badge>
                  )
                }
              />
            </Stack>
          </Section>

          {canBook && (
            <Section title="Booking (optional)" testId="booking">
              <Stack gap="4" direction={{ base: 'column', lg: 'row' }} align={{ lg: 'flex-start' }}>
                <Suspense fallback={<Text color="fg.muted">Loading calendar…</Text>}>
                  <BookingCalendar day={pickedDay} today={today} onPick={pickDay} />
                </Suspense>
                <Stack gap="3" flex="1">
                  <Field.Root invalid={!!bookingError}>
                    <Field.Label>From</Field.Label>
                    <Input placeholder="YYYY-MM-DD HH:mm" autoComplete="off" {...register('book_start')} />
                  </Field.Root>
                  <Field.Root invalid={!!bookingError}>
                    <Field.Label>To</Field.Label>
                    <Input placeholder="YYYY-MM-DD HH:mm" autoComplete="off" {...register('book_end')} />
                    <Field.ErrorText>{bookingError}</Field.ErrorText>
                  </Field.Root>
                  <Text fontSize="xs" color="fg.muted">
                    Pick a day, then adjust the times (YYYY-MM-DD HH:mm, shop time {tz}). Leave both empty for no booking.
                  </Text>
                  <Box>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => {
                        setValue('book_start', '', { shouldValidate: isSubmitted });
                        setValue('book_end', '', { shouldValidate: isSubmitted });
                      }}
                    >
                      Clear booking
                    </Button>
                  </Box>
                </Stack>
              </Stack>
            </Section>
          )}

          {showTerms && (
            <Section title={AUTHORIZATION_TITLE} testId="authorization-terms">
              <Stack gap="2" fontSize="sm">
                {terms.map((t) => (
                  <Text key={t}>{t}</Text>
                ))}
              </Stack>
            </Section>
          )}

          <Flex gap="3" justify="flex-end" wrap="wrap">
            <Button type="button" variant="outline" size="lg" onClick={clearAll}>
              Reset
            </Button>
            <Button type="submit" colorPalette="blue" size="lg" loading={busy}>
              Submit request
            </Button>
          </Flex>
        </Stack>
      </form>
    </Box>
  );
}
