import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { useGetAllRolesQuery, useListUsersInfiniteQuery } from '../api/usersApi';
import { AdminPage } from '../components/AdminPage';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { adminPaths } from '../paths';
import type { UserListItem } from '../types';
import { CreateUserDialog } from './CreateUserDialog';
import { roleTitle, sortRoles } from './roleLabels';

const ALL_ROLES = 'all';

/**
 * `/admin/users`: every user (deactivated ones greyed and marked), filtered
 * by role and a search of name or e-mail, 20 at a time. The next page loads
 * when the end of the list scrolls into view, or with the "load more"
 * button for keyboard users.
 */
export function UsersPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const countId = useId();
  const [role, setRole] = useState<string>(ALL_ROLES);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const createButton = useRef<HTMLButtonElement>(null);
  const debouncedSearch = useDebouncedValue(search);
  const roles = useGetAllRolesQuery();
  const filter = { roleId: role === ALL_ROLES ? null : Number(role), search: debouncedSearch.trim() };
  const { data, error, isLoading, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } =
    useListUsersInfiniteQuery(filter);
  const users = data?.pages.flatMap((page) => page.users) ?? [];
  const total = data?.pages[0]?.total ?? null;
  const searching = search.trim() !== debouncedSearch.trim() || (isFetching && !isFetchingNextPage);

  return (
    <AdminPage
      title={intl.formatMessage({ id: 'admin.users.title' })}
      actions={
        <Button ref={createButton} variant="contained" startIcon={<AddIcon aria-hidden />} onClick={() => setCreating(true)}>
          <FormattedMessage id="admin.users.create" />
        </Button>
      }
    >
      <Box
        role="search"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, mb: 2 }}
      >
        <TextField
          type="search"
          label={intl.formatMessage({ id: 'admin.users.search' })}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-describedby': countId },
          }}
        />
        <TextField
          select
          label={intl.formatMessage({ id: 'admin.users.role' })}
          value={role}
          onChange={(event) => setRole(event.target.value)}
        >
          <MenuItem value={ALL_ROLES}>{intl.formatMessage({ id: 'admin.users.allRoles' })}</MenuItem>
          {sortRoles(roles.data ?? []).map((r) => (
            <MenuItem key={r.id} value={String(r.id)}>
              {roleTitle(intl, r)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Typography id={countId} role="status" sx={{ color: 'text.secondary', mb: 1, minHeight: '1.5em' }}>
        {data && !searching ? (
          <FormattedMessage
            id="admin.users.count"
            values={{ shown: users.length, total: total ?? users.length }}
          />
        ) : null}
      </Typography>
      {isLoading ? <Loading /> : null}
      {error ? (
        <LoadFailed error={error} message={intl.formatMessage({ id: 'admin.users.loadFailed' })} retry={() => void refetch()} />
      ) : null}
      {data && users.length === 0 ? (
        <EmptyState centered>
          <FormattedMessage id={filter.search || filter.roleId !== null ? 'admin.users.noMatch' : 'admin.users.empty'} />
        </EmptyState>
      ) : null}
      {users.length > 0 ? (
        <Paper variant="outlined" aria-busy={searching} sx={{ opacity: searching ? 0.7 : 1, transition: 'opacity 150ms' }}>
          <List disablePadding aria-label={intl.formatMessage({ id: 'admin.users.title' })}>
            {users.map((user, index) => (
              <UserRow key={user.id} user={user} divider={index < users.length - 1} />
            ))}
          </List>
        </Paper>
      ) : null}
      {hasNextPage ? (
        <LoadMore loading={isFetchingNextPage} onLoadMore={() => void fetchNextPage()} />
      ) : null}
      {creating ? (
        <CreateUserDialog
          onClose={() => {
            setCreating(false);
            createButton.current?.focus();
          }}
          onCreated={(user) => void navigate(adminPaths.user(user.id))}
        />
      ) : null}
    </AdminPage>
  );
}

function UserRow({ user, divider }: { user: UserListItem; divider: boolean }) {
  const intl = useIntl();
  return (
    <ListItem disablePadding divider={divider} sx={user.isActive ? undefined : { bgcolor: 'action.hover' }}>
      <ListItemButton
        component={RouterLink}
        to={adminPaths.user(user.id)}
        sx={{ minHeight: 64, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      >
        <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Typography
            sx={{
              fontWeight: 600,
              overflowWrap: 'anywhere',
              color: user.isActive ? 'text.primary' : 'text.secondary',
              textDecoration: user.isActive ? undefined : 'line-through',
            }}
          >
            {user.displayName}
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: '0.875rem', overflowWrap: 'anywhere' }}>{user.email}</Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {user.isActive ? null : (
            <Chip size="small" color="warning" label={intl.formatMessage({ id: 'admin.users.deactivated' })} />
          )}
          {sortRoles(user.roles).map((r) => (
            <Chip key={r.id} size="small" variant="outlined" label={roleTitle(intl, r)} />
          ))}
        </Box>
      </ListItemButton>
    </ListItem>
  );
}

/**
 * Loads the next page when its sentinel scrolls into view (where the
 * browser can tell), and offers a button that does the same.
 */
function LoadMore({ loading, onLoadMore }: { loading: boolean; onLoadMore: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef({ loading, onLoadMore });
  useEffect(() => {
    latest.current = { loading, onLoadMore };
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !latest.current.loading) latest.current.onLoadMore();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
      <div ref={sentinel} aria-hidden />
      <Button variant="outlined" onClick={onLoadMore} loading={loading}>
        <FormattedMessage id="admin.users.loadMore" />
      </Button>
    </Box>
  );
}
