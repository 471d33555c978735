import {
  BellRing,
  ChevronDown,
  CloudOff,
  FolderCog,
  ListChecks,
  Search,
  Settings,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { recordKindTable, type RecordKind } from '@contract/record-kinds';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { it } from '@/i18n/it';
import { cn } from '@/lib/cn';
import { OWN_ROLLBACKS_PATH, ROLLBACKS_PATH } from '@/domain/rollback-link';
import {
  canFollowOwnRollbacks,
  canReadAudit,
  canReviewRollbacks,
  canSeeManagement,
  isAdmin,
} from '@/domain/roles';
import { prefetchOnIntent } from '../prefetch';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    // Each label on one line: the menu is wide enough for the longest ('Gestione ripristini contatti', bold).
    'flex min-h-11 items-center whitespace-nowrap rounded-md px-3 text-sm hover:bg-accent',
    isActive && 'bg-accent font-semibold text-primary',
  );

/** An entry of the menu's first level, with its icon. */
function TopLink({ to, icon: Icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <NavLink
      to={to}
      {...prefetchOnIntent(to)}
      className={({ isActive }) => cn(linkClass({ isActive }), 'gap-2 font-medium')}
    >
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </NavLink>
  );
}

function Group({
  icon,
  label,
  children,
  onActivate,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  /** Besides folding the group, what choosing its title does. */
  onActivate?: () => void;
}) {
  return (
    <Collapsible defaultOpen>
      <CollapsibleTrigger
        onClick={onActivate}
        className="group flex min-h-11 w-full items-center gap-2 rounded-md px-3 text-sm font-medium hover:bg-accent"
      >
        {icon}
        <span className="flex-1 whitespace-nowrap text-left">{label}</span>
        <ChevronDown
          className="size-4 transition-transform group-data-[state=closed]:-rotate-90"
          aria-hidden="true"
        />
      </CollapsibleTrigger>
      <CollapsibleContent className="ml-6 flex flex-col gap-1 py-1">{children}</CollapsibleContent>
    </Collapsible>
  );
}

const CASE_RESTORES = '/gestione_ripristini_casi/gestioneRipristiniCasi';

/**
 * A search's entry: 'Contatti' or 'Casi', highlighted on its list and on the detail screens under it
 * (`/contatti/{id}`), which have no entry of their own.
 */
function SearchLink({ kind, label }: { kind: RecordKind; label: string }) {
  const { pathname } = useLocation();
  const { list, segment } = recordKindTable[kind].url;
  const here = pathname === list ? 'page' : pathname.startsWith(`/${segment}/`) ? 'location' : undefined;
  return (
    <Link
      to={list}
      {...prefetchOnIntent(list)}
      aria-current={here}
      className={linkClass({ isActive: here !== undefined })}
    >
      {label}
    </Link>
  );
}

export function SideMenu({ role, onNavigate }: { role: string; onNavigate?: () => void }) {
  const navigate = useNavigate();
  // USER_{PRODUCT}'s 'Gestione' holds only the restore lists and defaults to the cases'
  // (docs/product.md#layout-and-navigation).
  const openCaseRestores = isAdmin(role)
    ? undefined
    : () => {
        void navigate(CASE_RESTORES);
        onNavigate?.();
      };
  return (
    <nav
      aria-label={it.layout.mainNavigation}
      className="flex flex-col gap-1 p-3"
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a')) onNavigate?.();
      }}
    >
      <Group icon={<Search className="size-4" aria-hidden="true" />} label={it.layout.search}>
        <SearchLink kind="account" label={it.layout.contacts} />
        <SearchLink kind="case" label={it.layout.cases} />
      </Group>
      <TopLink to="/avvisi" icon={BellRing} label={it.layout.alerts} />
      {canFollowOwnRollbacks(role) && (
        <TopLink to={OWN_ROLLBACKS_PATH} icon={ListChecks} label={it.layout.ownRollbacks} />
      )}
      <TopLink to="/impostazioni" icon={Settings} label={it.layout.settings} />
      <TopLink to="/disponibili_offline" icon={CloudOff} label={it.layout.offline} />
      {canSeeManagement(role) && (
        <Group
          icon={<FolderCog className="size-4" aria-hidden="true" />}
          label={it.layout.management}
          onActivate={openCaseRestores}
        >
          {isAdmin(role) && (
            <NavLink
              to="/gestione_utenti/gestioneUtenti"
              {...prefetchOnIntent('/gestione_utenti/gestioneUtenti')}
              className={linkClass}
            >
              {it.layout.userManagement}
            </NavLink>
          )}
          <NavLink to={CASE_RESTORES} {...prefetchOnIntent(CASE_RESTORES)} className={linkClass}>
            {it.layout.caseRestores}
          </NavLink>
          <NavLink
            to="/gestione_ripristini_contatti/gestioneRipristiniContatti"
            {...prefetchOnIntent('/gestione_ripristini_contatti/gestioneRipristiniContatti')}
            className={linkClass}
          >
            {it.layout.contactRestores}
          </NavLink>
          {canReviewRollbacks(role) && (
            <NavLink to={ROLLBACKS_PATH} {...prefetchOnIntent(ROLLBACKS_PATH)} className={linkClass}>
              {it.layout.rollbacks}
            </NavLink>
          )}
          {canReadAudit(role) && (
            <NavLink to="/gestione_audit" {...prefetchOnIntent('/gestione_audit')} className={linkClass}>
              {it.layout.audit}
            </NavLink>
          )}
        </Group>
      )}
    </nav>
  );
}
