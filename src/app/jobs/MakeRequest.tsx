import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useController, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_SHOP_SETTINGS, shopSettings } from '../../domain/configSheet';
import { BOOKING_FORMAT, formatShop, parseBooking } from '../../domain/dates';
import { displayJobNumber } from '../../domain/jobs';
import { MSG } from '../../domain/messages';
import { can, seesAuthorizationTerms } from '../../domain/permissions';
import { serviceCustomerSchema } from '../../domain/schemas/customer';
import { AUTHORIZATION_TITLE, authorizationTerms } from '../../domain/terms';
import type { CustomerRow } from '../../local/db';
import { CustomerFields, type CustomerFieldValues, toCustomerForm } from '../customers/CustomerFields';
import { useRepos } from '../data/DataProvider';
import { notify, notifyError } from '../feedback/toaster';
import { useSession } from '../session/session';
import { Section } from '../ui/Section';
import { useShopTimeZone } from '../ui/useShopTimeZone';
import { BookingPart } from './request/BookingPart';
import { DoneNotice, type Done } from './request/DoneNotice';
import { CustomerPart } from './request/CustomerPart';
import {
  collectErrors,
  EMPTY_REQUEST,
  isBlocked,
  validateRequest,
  type FormErrors,
  type RequestFormValues,
} from './request/form';
import { ServicesPart } from './request/ServicesPart';
import { useCustomerLookup, type CustomerLookup } from './request/useCustomerLookup';
import { useOutstanding } from './request/useOutstanding';

function customerPart(v: RequestFormValues): CustomerFieldValues {
  return {
    vin: v.vin,
    registration: v.registration,
    first_name: v.first_name,
    last_name: v.last_name,
    contact: v.contact,
    email: v.email,
  };
}

/** What the shop is told once the job is saved: received, or booked for its start in shop time. */
function doneText(job: { number: string; status: string; book_start: string | null }, tz: string): string {
  const number = displayJobNumber(job.number);
  return job.status === 'booked' && job.book_start
    ? `Service request ${number} booked for ${formatShop(job.book_start, tz, BOOKING_FORMAT)}.`
    : `Service request ${number} received.`;
}

/** The request form, checked at submit by what the resolver reads then: the new-customer fields, mileage, services, booking. */
function useRequestForm(at: { newCustomer: boolean; tz: string; canBook: boolean }) {
  // what the resolver needs at submit time (it is created once)
  const ctx = useRef(at);
  ctx.current = at;
  const resolver = useCallback<Resolver<RequestFormValues>>(async (values) => {
    const c = ctx.current;
    const errors: FormErrors = c.newCustomer ? await collectErrors(serviceCustomerSchema, customerPart(values)) : {};
    Object.assign(errors, await validateRequest(values, c.tz, c.canBook));
    return Object.keys(errors).length
      ? { values: {}, errors: errors as FieldErrors<RequestFormValues> }
      : { values, errors: {} };
  }, []);
  const form = useForm<RequestFormValues>({ defaultValues: EMPTY_REQUEST, resolver });
  return { form, ctx };
}

/**
 * Submit: the customer looked up first if only typed, the form checked, then one repository write — the job, and a
 * new customer with it — and what was made is told; a refusal is shown as the repository words it.
 */
function useSubmitRequest(args: {
  form: ReturnType<typeof useRequestForm>['form'];
  ctx: ReturnType<typeof useRequestForm>['ctx'];
  lookup: CustomerLookup;
  find: (text: string) => Promise<CustomerRow | null>;
  tz: string;
  setDone: (done: Done | null) => void;
  clearAll: () => void;
}) {
  const { form, ctx, lookup, find, tz, setDone, clearAll } = args;
  const repos = useRepos();
  const [busy, setBusy] = useState(false);
  const save = async (v: RequestFormValues, chosen: CustomerRow | null) => {
    try {
      // a new customer is registered by the jobs repository in the same transaction as the job (one write: nothing
      // half-saved to retry); below the level that may add customers it goes to the server inside POST /service only
      const existing = ctx.current.newCustomer ? null : chosen;
      if (!ctx.current.newCustomer && !existing) return;
      if (existing && isBlocked(existing)) return lookup.setError(MSG.customerBlocked);
      const book =
        ctx.current.canBook && v.book_start.trim() ? { start: v.book_start.trim(), end: v.book_end.trim() } : null;
      const job = await repos.jobs.create({
        ...(existing ? { customer: existing } : { newCustomer: toCustomerForm(v) }),
        service: v.service,
        mileage: Number(v.mileage),
        customer_note: v.customer_note.trim(),
        // validated above: both parse in the shop's zone
        book_start: book ? parseBooking(book.start, tz) : null,
        book_end: book ? parseBooking(book.end, tz) : null,
      });
      const message = doneText(job, tz);
      clearAll();
      setDone({ text: message, job });
      notify(message);
    } catch (err) {
      notifyError(err);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      setDone(null);
      let chosen = ctx.current.newCustomer ? null : lookup.customer;
      if (!ctx.current.newCustomer && !chosen) chosen = await find(lookup.text);
      await form.handleSubmit((v) => save(v, chosen))();
    } catch (err) {
      // a lookup or a check that could not finish is told as save tells its own failures
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return { busy, onSubmit: (e: FormEvent) => void submit(e) };
}

/** The Enter key never submits the form (a tablet's Go key); in the lookup box it runs the lookup. */
function blockEnter(e: KeyboardEvent<HTMLFormElement>) {
  if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
}

/**
 * SPEC §2 Make Service Request (/make-request, and `/` for levels 1–2): find the customer by VIN or registration
 * (or register one inline), mileage, the services checklist with the vehicle's outstanding work pre-ticked, an
 * optional customer note, the authorization terms (below level 4) and an optional booking (level 4 and up).
 * Everything is read from and written to the device's database, so a request can be made with the network down.
 */
export default function MakeRequest() {
  const repos = useRepos();
  const level = useSession()?.permission ?? 0;
  const canBook = can('request.book', level);
  const tz = useShopTimeZone();
  const catalogue = useLiveQuery(() => repos.jobs.catalogue(), [repos]);

  const [newCustomer, setNewCustomer] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const { lookup, find, dropLink } = useRequestLookup(setNewCustomer, setDone);
  const { form, ctx } = useRequestForm({ newCustomer, tz, canBook });
  const { errors, isSubmitted } = form.formState;
  const { field: serviceField } = useController({ name: 'service', control: form.control });
  const outstanding = useOutstanding(!newCustomer && lookup.customer ? lookup.customer.vin : null, form, isSubmitted);

  const clearAll = () => {
    form.reset(EMPTY_REQUEST);
    lookup.clear();
    setNewCustomer(false);
    outstanding.clear();
    dropLink();
  };
  const { busy, onSubmit } = useSubmitRequest({ form, ctx, lookup, find, tz, setDone, clearAll });

  return (
    <Box maxW="5xl" mx="auto">
      <Heading size="xl" mb="4">
        Make Service Request
      </Heading>
      <DoneNotice done={done} level={level} />
      <form noValidate onSubmit={onSubmit} onKeyDown={blockEnter}>
        <Stack gap="5">
          <RequestCustomer
            form={form}
            newCustomer={newCustomer}
            setNewCustomer={setNewCustomer}
            lookup={lookup}
            onFind={(text) => void find(text)}
          />
          <ServicesPart
            form={form}
            errors={errors}
            catalogue={catalogue}
            outstanding={outstanding.outstanding}
            ticked={serviceField.value}
            onMileageBlur={outstanding.recheck}
            onServices={serviceField.onChange}
          />
          {canBook && <BookingPart form={form} errors={errors} isSubmitted={isSubmitted} tz={tz} />}
          {seesAuthorizationTerms(level) && <AuthorizationTerms />}
          <RequestButtons onReset={clearAll} busy={busy} />
        </Stack>
      </form>
    </Box>
  );
}

/**
 * The form's customer lookup, and `?vin=…` (Add Customer's "Do Service"), which pre-fills and runs it. A lookup clears
 * what the last request said; `dropLink` takes the `?vin=` away when the form is cleared.
 */
function useRequestLookup(setNewCustomer: (on: boolean) => void, setDone: (done: Done | null) => void) {
  const [params, setParams] = useSearchParams();
  const vinParam = params.get('vin');
  const lookup = useCustomerLookup(vinParam ?? '');
  const { run: runLookup, setText: setLookupText } = lookup;
  const find = useCallback(
    (text: string) => {
      setDone(null);
      return runLookup(text);
    },
    [runLookup, setDone],
  );
  useEffect(() => {
    if (!vinParam) return;
    setNewCustomer(false);
    setLookupText(vinParam);
    void find(vinParam);
  }, [vinParam, find, setLookupText, setNewCustomer]);
  const dropLink = () => {
    if (vinParam) setParams({}, { replace: true });
  };
  return { lookup, find, dropLink };
}

/** The Customer part: the lookup, or switched to New customer, the new customer's fields of the request form. */
function RequestCustomer(props: {
  form: ReturnType<typeof useRequestForm>['form'];
  newCustomer: boolean;
  setNewCustomer: (on: boolean) => void;
  lookup: CustomerLookup;
  onFind: (text: string) => void;
}) {
  const { form, setNewCustomer, lookup } = props;
  return (
    <CustomerPart
      newCustomer={props.newCustomer}
      onNewCustomer={(on) => {
        setNewCustomer(on);
        lookup.setError('');
      }}
      fields={
        <CustomerFields
          register={form.register}
          errors={form.formState.errors}
          vin={form.watch('vin')}
          onScanVin={(v) => form.setValue('vin', v, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
        />
      }
      lookup={lookup}
      onFind={props.onFind}
    />
  );
}

/** The authorization terms a customer agrees to (below level 4), with the shop's storage terms. */
function AuthorizationTerms() {
  const repos = useRepos();
  const settings = useLiveQuery(async () => shopSettings(await repos.config.list()), [repos]);
  return (
    <Section title={AUTHORIZATION_TITLE} testId="authorization-terms">
      <Stack gap="2" fontSize="sm">
        {authorizationTerms(settings ?? DEFAULT_SHOP_SETTINGS).map((t) => (
          <Text key={t}>{t}</Text>
        ))}
      </Stack>
    </Section>
  );
}

/** Reset and Submit request. */
function RequestButtons({ onReset, busy }: { onReset: () => void; busy: boolean }) {
  return (
    <Flex gap="3" justify="flex-end" wrap="wrap">
      <Button type="button" variant="outline" size="lg" onClick={onReset}>
        Reset
      </Button>
      <Button type="submit" colorPalette="blue" size="lg" loading={busy}>
        Submit request
      </Button>
    </Flex>
  );
}
