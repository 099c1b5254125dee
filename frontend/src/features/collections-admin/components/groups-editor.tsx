import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DesignNumberField } from '@/components/design-number-field';
import { ErrorAlert } from '@/components/error-alert';
import { AddIcon } from '@/components/icons/add-icon';
import { ArrowDownwardIcon } from '@/components/icons/arrow-downward-icon';
import { ArrowUpwardIcon } from '@/components/icons/arrow-upward-icon';
import { DeleteIcon } from '@/components/icons/delete-icon';
import { DragIndicatorIcon } from '@/components/icons/drag-indicator-icon';
import { SearchIcon } from '@/components/icons/search-icon';
import { Thumbnail } from '@/components/thumbnail';
import { useToast } from '@/components/toast/toast-context';
import { moveItem } from '@/lib/move-item';
import { useCollection } from '../api/get-collection';
import { useSaveGroups } from '../api/save-groups';
import { badSmartGroupSizes, draftsOf, groupData, groupsChanged, newGroup, smartDesignsOutdated, unnamedGroups, type GroupDraft } from '../lib/groups';
import type { CollectionNode, DesignGroup } from '../types';
import { NAME_MAX } from './collection-dialog';
import { SmartGroupSearch } from './smart-group-search';

/** What is being dragged: a group, or a design of a group (designs move within their group). */
type Drag = { kind: 'group'; index: number } | { kind: 'design'; group: string; index: number };

function startDrag(event: DragEvent) {
  event.dataTransfer.effectAllowed = 'move';
  // Firefox starts a drag only with some data set.
  event.dataTransfer.setData('text/plain', '');
}

/** A design page: its named groups of designs, in order; edited here and saved as a whole. */
export function GroupsEditor({ node }: { node: CollectionNode }) {
  const detail = useCollection(node.id);
  return (
    <Stack spacing={2}>
      {detail.isFetching && !detail.isSuccess && <LinearProgress />}
      <ErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />
      {detail.isSuccess && <GroupsForm collectionId={node.id} saved={detail.data.groups ?? []} />}
    </Stack>
  );
}

function GroupsForm({ collectionId, saved }: { collectionId: number; saved: DesignGroup[] }) {
  const { t } = useTranslation(['collectionsAdmin', 'errors']);
  const toast = useToast();
  const save = useSaveGroups();
  const [groups, setGroups] = useState<GroupDraft[]>(() => draftsOf(saved));
  const [newName, setNewName] = useState('');
  const [problem, setProblem] = useState<'collection_group_required' | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [armed, setArmed] = useState<number | null>(null);
  // The smart groups whose search form is open (by key).
  const [searching, setSearching] = useState<ReadonlySet<string>>(() => new Set());
  const idPrefix = useId();
  const changed = groupsChanged(groups, saved);
  const unnamed = submitted ? new Set(unnamedGroups(groups)) : new Set<string>();

  const edit = (next: GroupDraft[]) => {
    setGroups(next);
    setProblem(null);
    if (save.error) save.reset();
  };
  const editGroup = (key: string, change: (group: GroupDraft) => GroupDraft) => edit(groups.map((group) => (group.key === key ? change(group) : group)));

  const toggleSearch = (key: string, open: boolean) =>
    setSearching((current) => {
      const next = new Set(current);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });

  /** A group of chosen designs, or a smart group (its search form open at once). */
  const addGroup = (smart: boolean) => {
    const name = newName.trim();
    if (!name) return;
    const group = newGroup(name, smart);
    edit([...groups, group]);
    if (smart) toggleSearch(group.key, true);
    setNewName('');
  };

  const submit = () => {
    setSubmitted(true);
    if (groups.length === 0) {
      setProblem('collection_group_required');
      return;
    }
    if (unnamedGroups(groups).length > 0) return;
    const badSizes = badSmartGroupSizes(groups);
    if (badSizes.length > 0) {
      // Their forms show what is wrong.
      setSearching((current) => new Set([...current, ...badSizes]));
      return;
    }
    save.mutate(
      { collectionId, groups: groupData(groups) },
      {
        onSuccess: (answer) => {
          setGroups(draftsOf(answer));
          setSubmitted(false);
          toast(t('collectionsAdmin:groups.saved'), 'success');
        },
      },
    );
  };

  const dropOnGroup = (event: DragEvent, index: number) => {
    if (drag?.kind !== 'group') return;
    event.preventDefault();
    edit(moveItem(groups, drag.index, index));
    setDrag(null);
  };

  return (
    <Stack spacing={2} data-testid="groups-editor">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
          {t('collectionsAdmin:groups.title')}
        </Typography>
        {changed && (
          <Typography variant="body2" color="warning.main" data-testid="groups-unsaved">
            {t('collectionsAdmin:groups.unsaved')}
          </Typography>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('collectionsAdmin:groups.hint')}
      </Typography>
      {groups.length === 0 && <Typography color="text.secondary">{t('collectionsAdmin:groups.empty')}</Typography>}
      {groups.map((group, index) => {
        const nameProblem = unnamed.has(group.key);
        const present = new Set(group.designs.map((design) => design.designGuid));
        // A smart group's designs follow its saved search: shown, not edited here; its search is.
        const smart = group.criteria !== null;
        const searchOpen = smart && searching.has(group.key);
        const searchId = `${idPrefix}-search-${group.key}`;
        return (
          <Paper
            key={group.key}
            variant="outlined"
            component="section"
            aria-label={t('collectionsAdmin:groups.groupLabel', { index: index + 1, name: group.name })}
            data-testid="design-group"
            data-smart={smart}
            draggable={armed === index}
            onDragStart={(event: DragEvent) => {
              if (armed !== index) return;
              startDrag(event);
              setDrag({ kind: 'group', index });
            }}
            onDragEnd={() => {
              setDrag(null);
              setArmed(null);
            }}
            onDragOver={(event: DragEvent) => {
              if (drag?.kind === 'group') event.preventDefault();
            }}
            onDrop={(event: DragEvent) => dropOnGroup(event, index)}
            sx={{ p: 1.5, opacity: drag?.kind === 'group' && drag.index === index ? 0.5 : 1 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box
                aria-hidden
                title={t('collectionsAdmin:groups.dragGroup')}
                onMouseDown={() => setArmed(index)}
                onMouseUp={() => setArmed(null)}
                sx={{ display: 'flex', cursor: 'grab', color: 'text.secondary' }}
              >
                <DragIndicatorIcon />
              </Box>
              <TextField
                size="small"
                label={t('collectionsAdmin:groups.name')}
                value={group.name}
                onChange={(event) => editGroup(group.key, (current) => ({ ...current, name: event.target.value }))}
                required
                error={nameProblem}
                helperText={nameProblem ? t('collectionsAdmin:form.required') : undefined}
                slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
                sx={{ flex: 1 }}
              />
              <IconButton aria-label={t('collectionsAdmin:groups.moveGroupUp', { name: group.name })} disabled={index === 0} onClick={() => edit(moveItem(groups, index, index - 1))}>
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton
                aria-label={t('collectionsAdmin:groups.moveGroupDown', { name: group.name })}
                disabled={index === groups.length - 1}
                onClick={() => edit(moveItem(groups, index, index + 1))}
              >
                <ArrowDownwardIcon />
              </IconButton>
              <IconButton aria-label={t('collectionsAdmin:groups.deleteGroup', { name: group.name })} onClick={() => edit(groups.filter((other) => other.key !== group.key))}>
                <DeleteIcon />
              </IconButton>
            </Stack>
            {smart && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="smart-group">
                {t('collectionsAdmin:groups.smart')}
              </Typography>
            )}
            {group.criteria && (
              <>
                <Button
                  size="small"
                  startIcon={<SearchIcon />}
                  aria-expanded={searchOpen}
                  aria-controls={searchOpen ? searchId : undefined}
                  onClick={() => toggleSearch(group.key, !searchOpen)}
                  data-testid="smart-group-toggle"
                  sx={{ mt: 1 }}
                >
                  {t(searchOpen ? 'collectionsAdmin:smart.hideSearch' : 'collectionsAdmin:smart.editSearch')}
                </Button>
                {searchOpen && (
                  <Box id={searchId}>
                    <SmartGroupSearch groupName={group.name} criteria={group.criteria} onChange={(criteria) => editGroup(group.key, (current) => ({ ...current, criteria }))} />
                  </Box>
                )}
                {smartDesignsOutdated(group) && (
                  <Alert severity="info" variant="outlined" sx={{ mt: 1 }} data-testid="smart-group-outdated">
                    {t(group.savedCriteria ? 'collectionsAdmin:smart.outdated' : 'collectionsAdmin:smart.notSavedYet')}
                  </Alert>
                )}
              </>
            )}
            <List dense aria-label={t('collectionsAdmin:groups.designsOf', { name: group.name })}>
              {group.designs.map((design, designIndex) => (
                <ListItem
                  key={design.designGuid}
                  data-testid="group-design"
                  divider
                  draggable={!smart}
                  onDragStart={(event: DragEvent) => {
                    event.stopPropagation();
                    if (smart) return;
                    startDrag(event);
                    setDrag({ kind: 'design', group: group.key, index: designIndex });
                  }}
                  onDragEnd={(event: DragEvent) => {
                    event.stopPropagation();
                    setDrag(null);
                  }}
                  onDragOver={(event: DragEvent) => {
                    if (drag?.kind === 'design' && drag.group === group.key) event.preventDefault();
                  }}
                  onDrop={(event: DragEvent) => {
                    if (drag?.kind !== 'design' || drag.group !== group.key) return;
                    event.preventDefault();
                    event.stopPropagation();
                    editGroup(group.key, (current) => ({ ...current, designs: moveItem(current.designs, drag.index, designIndex) }));
                    setDrag(null);
                  }}
                  sx={{ gap: 1.5, cursor: smart ? 'default' : 'grab', opacity: drag?.kind === 'design' && drag.group === group.key && drag.index === designIndex ? 0.5 : 1 }}
                  secondaryAction={
                    !smart && (
                      <Stack direction="row">
                        <IconButton
                          size="small"
                          aria-label={t('collectionsAdmin:groups.moveDesignUp', { name: design.designName })}
                          disabled={designIndex === 0}
                          onClick={() => editGroup(group.key, (current) => ({ ...current, designs: moveItem(current.designs, designIndex, designIndex - 1) }))}
                        >
                          <ArrowUpwardIcon />
                        </IconButton>
                        <IconButton
                          size="small"
                          aria-label={t('collectionsAdmin:groups.moveDesignDown', { name: design.designName })}
                          disabled={designIndex === group.designs.length - 1}
                          onClick={() => editGroup(group.key, (current) => ({ ...current, designs: moveItem(current.designs, designIndex, designIndex + 1) }))}
                        >
                          <ArrowDownwardIcon />
                        </IconButton>
                        <IconButton
                          size="small"
                          edge="end"
                          aria-label={t('collectionsAdmin:groups.removeDesign', { name: design.designName })}
                          onClick={() => editGroup(group.key, (current) => ({ ...current, designs: current.designs.filter((other) => other.designGuid !== design.designGuid) }))}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </Stack>
                    )
                  }
                >
                  <Thumbnail src={design.thumbnail} alt="" size={40} />
                  <ListItemText primary={design.designName} />
                </ListItem>
              ))}
              {group.designs.length === 0 && (
                <ListItem>
                  <ListItemText secondary={t('collectionsAdmin:groups.noDesignsYet')} />
                </ListItem>
              )}
            </List>
            {!smart && (
              <DesignNumberField
                label={t('collectionsAdmin:groups.addDesign')}
                present={present}
                maxWidth={360}
                onPick={(design) =>
                  editGroup(group.key, (current) => ({
                    ...current,
                    designs: [...current.designs, { designGuid: design.designGuid, designName: design.designName, thumbnail: design.thumbnail }],
                  }))
                }
              />
            )}
          </Paper>
        );
      })}
      <Stack
        component="form"
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
        onSubmit={(event) => {
          event.preventDefault();
          addGroup(false);
        }}
      >
        <TextField size="small" label={t('collectionsAdmin:groups.newName')} value={newName} onChange={(event) => setNewName(event.target.value)} slotProps={{ htmlInput: { maxLength: NAME_MAX } }} />
        <Button type="submit" startIcon={<AddIcon />} disabled={!newName.trim()}>
          {t('collectionsAdmin:groups.addGroup')}
        </Button>
        <Button startIcon={<SearchIcon />} disabled={!newName.trim()} onClick={() => addGroup(true)} data-testid="add-smart-group">
          {t('collectionsAdmin:smart.add')}
        </Button>
      </Stack>
      {problem && (
        <Alert severity="error" data-testid="groups-problem">
          {t(`errors:${problem}`)}
        </Alert>
      )}
      <ErrorAlert error={save.error} />
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={submit} loading={save.isPending}>
          {t('collectionsAdmin:groups.save')}
        </Button>
        <Button
          disabled={!changed || save.isPending}
          onClick={() => {
            setGroups(draftsOf(saved));
            setSearching(new Set());
            setProblem(null);
            setSubmitted(false);
            save.reset();
          }}
        >
          {t('collectionsAdmin:groups.discard')}
        </Button>
      </Stack>
    </Stack>
  );
}
