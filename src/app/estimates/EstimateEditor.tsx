import { Alert, Stack } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSearchParams } from 'react-router-dom';
import { fill, MSG } from '../../domain/messages';
import { useRepos } from '../data/DataProvider';
import { DelayedSpinner } from '../feedback/DelayedSpinner';
import { LabourFields, LineItems, useLineStock } from '../invoices/lines';
import { useSession } from '../session/session';
import { Section } from '../ui/Section';
import type { ChecklistItem } from '../ui/ServicesChecklist';
import { estimateAccess } from './editor/access';
import { figuresOf, type EstimateDraft } from './editor/draft';
import { EstimateFooter } from './editor/EstimateFooter';
import { EstimateHead } from './editor/EstimateHead';
import { EstimateServices, ProfileFields } from './editor/parts';
import { useEstimateDraft } from './editor/useEstimateDraft';
import { useSaveEstimate, type EstimateSaveState } from './editor/useSaveEstimate';

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
  const level = useSession()?.permission ?? 0;
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const catalogue = useLiveQuery(() => repos.jobs.catalogue(), [repos]);
  const est = useEstimateDraft(id);
  const saver = useSaveEstimate(est);
  const stockOf = useLineStock(est.draft?.lines ?? []);

  if (id && est.current === null) {
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
  const { draft, saved, dirty } = est;
  if (!draft) return <DelayedSpinner />;
  const access = estimateAccess(level, !!saved);
  const update = (change: (d: EstimateDraft) => EstimateDraft) => {
    est.update(change);
    saver.setSaveError(null);
  };

  return (
    <Stack gap="5" maxW="6xl">
      <EstimateHead saved={saved} dirty={dirty} levelNotice={access.notice} changedElsewhere={est.changedElsewhere} />
      <EstimateSections
        draft={draft}
        saver={saver}
        catalogue={catalogue}
        stockOf={stockOf}
        editable={access.canSave && !saver.busy}
        update={update}
      />
      <EstimateFooter
        saved={saved}
        dirty={dirty}
        access={access}
        saveError={saver.saveError}
        busy={saver.busy}
        onSave={() => void saver.save(draft)}
        figures={figuresOf(draft, est.tax)}
      />
    </Stack>
  );
}

/** Customer, Services, Labour and Products: each change clears its own field's message. */
function EstimateSections({
  draft,
  saver,
  catalogue,
  stockOf,
  editable,
  update,
}: {
  draft: EstimateDraft;
  saver: EstimateSaveState;
  catalogue: readonly ChecklistItem[] | undefined;
  stockOf: (id: string) => number | undefined;
  editable: boolean;
  update: (change: (d: EstimateDraft) => EstimateDraft) => void;
}) {
  const { errors, setErrors } = saver;
  const set =
    <K extends keyof EstimateDraft>(key: K, clear?: () => void) =>
    (value: EstimateDraft[K]) => {
      update((d) => ({ ...d, [key]: value }));
      clear?.();
    };
  return (
    <>
      <Section title="Customer">
        <ProfileFields
          value={draft.profile}
          errors={errors}
          disabled={!editable}
          onChange={set('profile', () => setErrors(({ first_name: _f, last_name: _l, ...rest }) => rest))}
        />
      </Section>
      <Section title="Services">
        <EstimateServices
          catalogue={catalogue}
          value={draft.services}
          error={errors.services}
          disabled={!editable}
          onChange={set('services', () => setErrors(({ services: _s, ...rest }) => rest))}
        />
      </Section>
      <Section title="Labour">
        <LabourFields
          values={draft.labour}
          disabled={!editable}
          error={saver.labourError}
          onChange={set('labour', () => saver.setLabourError(null))}
        />
      </Section>
      <Section title="Products">
        <Stack gap="4">
          <LineItems lines={draft.lines} stockOf={stockOf} readOnly={!editable} onChange={set('lines')} />
        </Stack>
      </Section>
    </>
  );
}
