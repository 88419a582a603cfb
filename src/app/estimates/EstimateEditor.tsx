import { Alert, Badge, Button, Flex, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { shopSettings } from '../../domain/configSheet';
import { LEVEL_NAMES, type Level } from '../../domain/levels';
import { fill, MSG } from '../../domain/messages';
import { can, minLevel, type Action } from '../../domain/permissions';
import { addLine } from '../../domain/totals';
import type { EstimateRow } from '../../local/repositories/estimates';
import { useRepos } from '../data/DataProvider';
import { DelayedSpinner } from '../feedback/DelayedSpinner';
import { errorMessage, notify, notifyError } from '../feedback/toaster';
import { LabourFields, LinesTable, ProductPicker, Summary, useLineStock, type LabourError } from '../invoices/lines';
import { estimatePdfBlob, openPdf } from '../ui/documents';
import { useSession } from '../session/session';
import {
  checkDraft,
  draftOf,
  figuresOf,
  newDraft,
  sameDraft,
  type DraftErrors,
  type EstimateDraft,
} from './editor/draft';
import { Section } from '../ui/Section';
import { EstimateServices, ProfileFields } from './editor/parts';

const estimateNumber = (e: Pick<EstimateRow, 'number'>) => `EST ${e.number}`;

/** Why a level may not do an action, in the team's words (SPEC §6). */
function needs(action: Action, what: string): string {
  const need = minLevel(action) as Level;
  return `${what} needs ${LEVEL_NAMES[need]} (level ${need}) or higher.`;
}

/** The draft being typed, for the estimate it was started on ('new' or the id). */
interface DraftState {
  key: string;
  draft: EstimateDraft | null;
  /** the version of the saved estimate the draft was started from */
  version: number | null;
}

/**
 * SPEC §2 Estimate editor (/view-estimate, level 3; ?id=<estimate id> to edit): the customer profile, the service
 * checklist from the device's catalogue, work hours and rate per hour (a new estimate's rate prefilled from the config
 * sheet's labour rate), the product picker and lines, the totals from src/domain/totals. Save Changes writes through
 * repos.estimates (POST /estimate/ then PUT /estimate-details in the outbox); an estimate is a quote and moves no
 * stock. Print Estimate builds the saved estimate's PDF on the device. Saving needs level 4 (estimate.create /
 * estimate.edit), printing and the Estimates table level 4 (estimate.view); below, the buttons say why they are off.
 */
export default function EstimateEditor() {
  const repos = useRepos();
  const navigate = useNavigate();
  const level = useSession()?.permission ?? 0;
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const key = id || 'new';

  const row = useLiveQuery(async () => (id ? ((await repos.estimates.get(id)) ?? null) : null), [repos, id]);
  const config = useLiveQuery(() => repos.config.list(), [repos]);
  const catalogue = useLiveQuery(() => repos.jobs.catalogue(), [repos]);

  const [state, setState] = useState<DraftState>({ key, draft: null, version: null });
  const [errors, setErrors] = useState<DraftErrors>({});
  const [labourError, setLabourError] = useState<LabourError | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [printing, setPrinting] = useState(false);
  const saving = useRef(false);
  // the row a save just returned, until the live query catches up (no flicker of the old figures, no spinner on ?id=)
  const [justSaved, setJustSaved] = useState<EstimateRow | null>(null);

  // what is saved (or a new estimate's starting point); an untouched draft follows it live (another device's edit)
  const current = justSaved && justSaved.id === id && (!row || row.version < justSaved.version) ? justSaved : row;
  const base = id
    ? current
      ? draftOf(current)
      : null
    : config
      ? newDraft(shopSettings(config).labourRateCents)
      : null;
  const own = state.key === key ? state.draft : null;
  const dirty = !!own && !!base && !sameDraft(own, base);
  const draft = dirty ? own : base;
  const stockOf = useLineStock(draft?.lines ?? []);

  if (id && current === null) {
    return (
      <Alert.Root status="error" maxW="3xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{fill(MSG.noRecordFound, { id })}</Alert.Title>
          <Alert.Description>
            Open the estimate from the Estimates table, or start a new one from Generate Estimate.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (!draft) return <DelayedSpinner />;

  const saved = id ? (current ?? null) : null;
  const saveAction: Action = saved ? 'estimate.edit' : 'estimate.create';
  const canSave = can(saveAction, level);
  const canView = can('estimate.view', level);
  const editable = canSave && !busy;
  const changedElsewhere = dirty && !!saved && state.version !== null && saved.version !== state.version;

  const update = (change: (d: EstimateDraft) => EstimateDraft) => {
    setState((s) => {
      const current = s.key === key && s.draft && base && !sameDraft(s.draft, base) ? s.draft : draft;
      return { key, draft: change(current), version: s.key === key && s.draft ? s.version : (saved?.version ?? null) };
    });
    setSaveError(null);
  };

  const save = async () => {
    if (saving.current) return;
    setSaveError(null);
    const check = checkDraft(draft);
    if (!check.ok) {
      setErrors(check.errors);
      const field = check.errors.workHours ? 'workHours' : check.errors.rate ? 'rate' : null;
      setLabourError(field ? { field, message: check.errors[field] ?? '', at: Date.now() } : null);
      return;
    }
    setErrors({});
    setLabourError(null);
    saving.current = true;
    setBusy(true);
    try {
      if (saved) {
        const next = await repos.estimates.edit(saved.id, check.profile, check.form, draft.lines, draft.services);
        setJustSaved(next);
        setState({ key, draft: null, version: null });
        notify(`${estimateNumber(next)} saved`);
      } else {
        const created = await repos.estimates.create(check.profile, check.form, draft.lines, draft.services);
        setJustSaved(created);
        setState({ key: created.id, draft: null, version: null });
        notify(`${estimateNumber(created)} saved`);
        navigate(`/view-estimate?id=${encodeURIComponent(created.id)}`, { replace: true });
      }
    } catch (err) {
      setSaveError(errorMessage(err));
      notifyError(err);
    } finally {
      saving.current = false;
      setBusy(false);
    }
  };

  const print = async () => {
    if (!saved) return;
    setPrinting(true);
    try {
      openPdf(await estimatePdfBlob(repos, saved), `${estimateNumber(saved).replace(/\s+/g, '-')}.pdf`);
    } catch (err) {
      notifyError(err);
    } finally {
      setPrinting(false);
    }
  };

  // why a button is off (SPEC §6: hide or disable what the level may not do, and say why)
  const reasons: string[] = [];
  if (!canView) reasons.push(`View Estimates: ${needs('estimate.view', 'The Estimates table')}`);
  if (!canView) reasons.push(`Print Estimate: ${needs('estimate.view', 'Printing an estimate')}`);
  else if (!saved) reasons.push('Print Estimate: save the estimate first, then print it.');
  if (!canSave)
    reasons.push(`Save Changes: ${needs(saveAction, saved ? 'Editing an estimate' : 'Saving an estimate')}`);

  const figures = figuresOf(draft);

  return (
    <Stack gap="5" maxW="6xl">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="lg">{saved ? 'Estimate' : 'Generate Estimate'}</Heading>
        {saved && (
          <Badge size="lg" colorPalette="blue">
            {estimateNumber(saved)}
          </Badge>
        )}
        {dirty && <Badge colorPalette="orange">Unsaved changes</Badge>}
      </Flex>

      {!canSave && (
        <Alert.Root status="info" data-testid="level-notice">
          <Alert.Indicator />
          <Alert.Description>{`${needs(saveAction, saved ? 'Editing an estimate' : 'Saving an estimate')} Ask an ${LEVEL_NAMES[minLevel(saveAction) as Level]} to ${saved ? 'edit' : 'make'} it.`}</Alert.Description>
        </Alert.Root>
      )}
      {changedElsewhere && (
        <Alert.Root status="warning" data-testid="changed-notice">
          <Alert.Indicator />
          <Alert.Description>
            This estimate was changed on another device while you were editing. Save Changes keeps your version.
          </Alert.Description>
        </Alert.Root>
      )}

      <Section title="Customer">
        <ProfileFields
          value={draft.profile}
          errors={errors}
          disabled={!editable}
          onChange={(profile) => {
            update((d) => ({ ...d, profile }));
            setErrors(({ first_name: _f, last_name: _l, ...rest }) => rest);
          }}
        />
      </Section>

      <Section title="Services">
        <EstimateServices
          catalogue={catalogue}
          value={draft.services}
          error={errors.services}
          disabled={!editable}
          onChange={(services) => {
            update((d) => ({ ...d, services }));
            setErrors(({ services: _s, ...rest }) => rest);
          }}
        />
      </Section>

      <Section title="Labour">
        <LabourFields
          values={draft.labour}
          disabled={!editable}
          error={labourError}
          onChange={(labour) => {
            update((d) => ({ ...d, labour }));
            setLabourError(null);
          }}
        />
      </Section>

      <Section title="Products">
        <Stack gap="4">
          <ProductPicker
            disabled={!editable}
            lines={draft.lines}
            stockOf={stockOf}
            onAdd={(line) => update((d) => ({ ...d, lines: addLine(d.lines, line) }))}
          />
          <LinesTable
            lines={draft.lines}
            onChange={(lines) => update((d) => ({ ...d, lines }))}
            readOnly={!editable}
            stockOf={stockOf}
          />
        </Stack>
      </Section>

      <Flex
        gap="4"
        justify="space-between"
        align={{ base: 'stretch', md: 'flex-end' }}
        direction={{ base: 'column', md: 'row' }}
      >
        <Stack gap="3" flex="1">
          {saveError && (
            <Alert.Root status="error" role="alert" data-testid="save-error">
              <Alert.Indicator />
              <Alert.Title>{saveError}</Alert.Title>
            </Alert.Root>
          )}
          <HStack gap="3" wrap="wrap">
            {canView ? (
              <Button asChild variant="outline">
                <RouterLink to="/view-estimates">View Estimates</RouterLink>
              </Button>
            ) : (
              <Button variant="outline" disabled>
                View Estimates
              </Button>
            )}
            <Button variant="outline" onClick={() => void print()} loading={printing} disabled={!canView || !saved}>
              Print Estimate
            </Button>
            <Button colorPalette="blue" minW="32" onClick={() => void save()} loading={busy} disabled={!canSave}>
              Save Changes
            </Button>
          </HStack>
          {dirty && saved && canView && (
            <Text fontSize="sm" color="fg.muted">
              Print Estimate prints the saved estimate: Save Changes first to print your edits.
            </Text>
          )}
          {reasons.length > 0 && (
            <List.Root fontSize="sm" color="fg.muted" ps="5" data-testid="disabled-reasons">
              {reasons.map((r) => (
                <List.Item key={r}>{r}</List.Item>
              ))}
            </List.Root>
          )}
        </Stack>
        <Summary figures={figures} />
      </Flex>
    </Stack>
  );
}
