import { Badge, Button, Input, NativeSelect, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { InferType } from 'yup';
import { ASSIGNABLE_LEVELS, LEVEL_NAMES, isLevel } from '../../domain/levels';
import { can } from '../../domain/permissions';
import { PASSWORD_MAX } from '../../domain/passwords';
import { MEMBER_MAX, PASSWORD_MASK, addMemberSchema, editMemberSchema } from '../../domain/schemas';
import type { MemberRow } from '../../local/repositories/team';
import type { MemberSort } from '../../local/repositories/teamPages';
import { useRepos } from '../data/DataProvider';
import { FormField } from '../ui/FormField';
import { PAGE_SIZES } from '../ui/DataTable';
import { ListScreen, type ListDeclaration } from '../ui/list/ListScreen';
import { RowButtons } from '../ui/list/RowButtons';
import { rowContext } from '../ui/list/rowContext';
import { deleteConfirm, useConfirmedAction } from '../ui/confirm';
import { useLevel } from '../session/useLevel';
import { FormDialog, useDialogSave } from '../ui/FormDialog';
import { IdCell } from './shared';
import { actionsColumn } from '../ui/columns';
import { schemaResolver } from '../ui/schemaResolver';
import { submitWith } from '../ui/submitWith';

/**
 * SPEC §2 Team ('Members'), /view-team (level 5): ID, Username, Permission badge and a masked Password; Add Member,
 * Edit and Delete. The form is SPEC §5's Add Member (username and password at most 12 characters, permission 2–5;
 * addMemberSchema / editMemberSchema). Passwords are never shown nor kept on the device: a new or changed password
 * travels only inside the queued request (teamRepository), and an edit with the password left empty keeps it.
 * The repository's refusals (a username taken, the last Super Admin, removing yourself) are shown as they are.
 * One page at a time through the sort's index (issue 13).
 */

interface MemberForm {
  id?: string;
  username: string;
  password: string;
  permission: number | string;
}
/** what the schema hands the save: the permission a number, the password empty or new */
type MemberValues = InferType<typeof addMemberSchema> | InferType<typeof editMemberSchema>;

const BADGE_PALETTE: Record<number, string> = { 1: 'gray', 2: 'teal', 3: 'blue', 4: 'purple', 5: 'red' };

function levelName(permission: number): string {
  return isLevel(permission) && LEVEL_NAMES[permission] ? LEVEL_NAMES[permission] : `Level ${permission}`;
}

function PermissionBadge({ permission }: { permission: number }) {
  return (
    <Badge colorPalette={BADGE_PALETTE[permission] ?? 'gray'} variant="subtle">
      {levelName(permission)}
    </Badge>
  );
}

interface Ctx {
  canManage: boolean;
  edit(m: MemberRow): void;
  remove(m: MemberRow): void;
}
const { context: Cells, useCells } = rowContext<Ctx>('Members');

function ActionsCell({ row }: { row: MemberRow }) {
  const ctx = useCells();
  if (!ctx.canManage) return null;
  return <RowButtons what={row.username} size="sm" onEdit={() => ctx.edit(row)} onDelete={() => ctx.remove(row)} />;
}

const COLUMNS: ColumnDef<MemberRow, unknown>[] = [
  { accessorKey: 'id', header: 'ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
  { accessorKey: 'username', header: 'Username' },
  {
    id: 'permission',
    header: 'Permission',
    accessorFn: (m) => levelName(m.permission),
    cell: ({ row }) => <PermissionBadge permission={row.original.permission} />,
  },
  {
    id: 'password',
    header: 'Password',
    accessorFn: () => PASSWORD_MASK,
    enableSorting: false,
    enableGlobalFilter: false,
    meta: { csv: false, filter: false },
    cell: () => (
      <Text as="span" fontFamily="mono" aria-label="Password hidden">
        {PASSWORD_MASK}
      </Text>
    ),
  },
  actionsColumn(({ row }) => <ActionsCell row={row.original} />),
];

function MemberDialog({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  const repos = useRepos();
  const editing = member !== null;
  const { saving, refusal, run } = useDialogSave(onClose);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<MemberForm, unknown, MemberValues>({
    resolver: schemaResolver<MemberForm, MemberValues>(editing ? editMemberSchema : addMemberSchema),
    defaultValues: editing
      ? { id: member.id, username: member.username, password: '', permission: member.permission }
      : { username: '', password: '', permission: '' },
  });

  const save = (v: MemberValues) =>
    run(async () => {
      const permission = Number(v.permission);
      const username = v.username.trim();
      if (editing) {
        await repos.team.edit({ id: member.id, username, permission, password: v.password || undefined });
        return `Team member ${username} updated`;
      }
      // save runs only once the resolver passed, and addMemberSchema requires the password: never ''
      await repos.team.add({ username, permission, password: v.password ?? '' });
      return `Team member ${username} added`;
    });

  return (
    <FormDialog
      title={editing ? `Edit ${member.username}` : 'Add Member'}
      onClose={onClose}
      onSubmit={submitWith(handleSubmit, save)}
      saving={saving}
      error={refusal}
    >
      <FormField label="Username" error={errors.username} required>
        <Input autoComplete="off" maxLength={MEMBER_MAX} {...register('username')} />
      </FormField>
      <FormField
        label="Password"
        error={errors.password}
        required={!editing}
        helper={editing && 'Leave empty to keep the password.'}
      >
        <Input type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} {...register('password')} />
      </FormField>
      <FormField label="Permission" error={errors.permission} required>
        <NativeSelect.Root>
          <NativeSelect.Field {...register('permission')}>
            <option value="">Select a permission</option>
            {ASSIGNABLE_LEVELS.map((l) => (
              <option key={l} value={l}>
                {l} – {LEVEL_NAMES[l]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    </FormDialog>
  );
}

const MEMBERS: ListDeclaration<MemberRow, MemberSort> = {
  title: 'Members',
  pages: (repos) => ({ read: repos.team.memberPage, each: repos.team.eachMember }),
  defaultSort: { id: 'username', desc: false },
  // each reads its own index (src/local/repositories/teamPages.ts MEMBER_SORTS)
  sorts: ['id', 'username', 'permission'],
  pageSizes: PAGE_SIZES.default,
  columns: COLUMNS,
};

export default function Team() {
  const repos = useRepos();
  const act = useConfirmedAction();
  const canManage = can('team.manage', useLevel());
  const [dialog, setDialog] = useState<{ member: MemberRow | null } | null>(null);
  const ctx: Ctx = {
    canManage,
    edit: (m) => setDialog({ member: m }),
    remove(m) {
      void act({
        ...deleteConfirm(m.username),
        run: () => repos.team.remove(m.id),
        done: `Team member ${m.username} removed`,
      });
    },
  };
  return (
    <ListScreen
      list={MEMBERS}
      cells={{ context: Cells, value: ctx }}
      toolbar={
        canManage && (
          <Button size="sm" colorPalette="blue" onClick={() => setDialog({ member: null })}>
            Add Member
          </Button>
        )
      }
    >
      {dialog && <MemberDialog member={dialog.member} onClose={() => setDialog(null)} />}
    </ListScreen>
  );
}
