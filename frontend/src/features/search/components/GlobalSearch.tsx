import {
  formPath,
  orderPath,
  organizationPath,
  peoplePath,
  SEARCH_MIN_LENGTH,
  taskPath,
} from '@registra/domain';
import type { SearchHit, SearchResults } from '@registra/domain';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router-dom';
import { useSmallScreen } from '../../../lib/media';
import { useGlobalSearchQuery } from '../api';

/** Each kind of record, its heading and where one opens, in the order the list shows them. */
const KINDS: { key: keyof SearchResults; heading: string; path: (id: string) => string }[] = [
  { key: 'organizations', heading: 'Organizations', path: (id) => organizationPath(id) },
  { key: 'people', heading: 'People', path: (id) => peoplePath(id) },
  { key: 'tasks', heading: 'Tasks', path: taskPath },
  { key: 'orders', heading: 'Orders', path: (id) => orderPath(id) },
  { key: 'forms', heading: 'Company-creation requests', path: (id) => formPath(id) },
];

/** How long typing pauses before the search is sent. */
const TYPING_PAUSE_MS = 200;

/** The text once typing has paused. */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The top bar's search box: organizations (name, CRO), people (name, e-mail), tasks, orders and
 * company-creation requests, five of each, as a combobox: arrows move through the results, Enter
 * opens one, Escape closes the list. Ctrl-K (⌘-K on a Mac) puts the cursor in it from anywhere.
 */
export function GlobalSearch({ onOpen }: { onOpen?: () => void }) {
  const [text, setText] = useState('');
  const small = useSmallScreen();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const listId = useId();
  const term = useSettled(text.trim(), TYPING_PAUSE_MS);
  const searching = term.length >= SEARCH_MIN_LENGTH;
  const { data, isFetching, isError } = useGlobalSearchQuery(term, { skip: !searching });

  useEffect(() => {
    const focus = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', focus);
    return () => window.removeEventListener('keydown', focus);
  }, []);

  // The hits in the order shown, each with where it opens: the keyboard walks this list.
  const hits = useMemo(
    () =>
      searching && data
        ? KINDS.flatMap((kind) =>
            data[kind.key].map((hit: SearchHit) => ({ ...hit, kind, to: kind.path(hit._id) })),
          )
        : [],
    [data, searching],
  );
  useEffect(() => setActive(0), [hits]);

  const openHit = (to: string) => {
    setOpen(false);
    setText('');
    input.current?.blur();
    onOpen?.();
    navigate(to);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && hits.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (current + 1) % hits.length);
    } else if (event.key === 'ArrowUp' && hits.length > 0) {
      event.preventDefault();
      setActive((current) => (current - 1 + hits.length) % hits.length);
    } else if (event.key === 'Enter' && hits[active]) {
      event.preventDefault();
      openHit(hits[active].to);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const showList = open && text.trim().length >= SEARCH_MIN_LENGTH;
  const optionId = (index: number) => `${listId}-option-${index}`;
  let index = -1;

  return (
    <div className="position-relative global-search">
      <input
        ref={input}
        type="search"
        className="form-control form-control-sm"
        // A phone has no keyboard shortcut to offer, and no room for it: the hint would be cut.
        placeholder={
          small ? 'Search everything' : `Search everything (${isMac() ? '⌘' : 'Ctrl'}-K)`
        }
        aria-label="Search organizations, people, tasks, orders and requests"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && hits[active] ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        // Later than a click on a result, which opens it first.
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <div
          id={listId}
          role="listbox"
          aria-label="Search results"
          className="dropdown-menu show w-100 shadow global-search-results"
        >
          {(isFetching || term !== text.trim()) && hits.length === 0 && (
            <div className="dropdown-item-text text-muted small">
              <Spinner animation="border" size="sm" className="me-2" aria-hidden />
              Searching…
            </div>
          )}
          {isError && (
            <div className="dropdown-item-text text-danger small" role="alert">
              The search could not be run. Try again in a moment.
            </div>
          )}
          {!isFetching && !isError && term === text.trim() && hits.length === 0 && (
            <div className="dropdown-item-text text-muted small">Nothing found for “{term}”.</div>
          )}
          {KINDS.map((kind) => {
            const ofKind = hits.filter((hit) => hit.kind.key === kind.key);
            if (ofKind.length === 0) return null;
            return (
              <div key={kind.key} role="group" aria-label={kind.heading}>
                <h6 className="dropdown-header">{kind.heading}</h6>
                {ofKind.map((hit) => {
                  index += 1;
                  const position = index;
                  return (
                    <div
                      key={hit._id}
                      id={optionId(position)}
                      role="option"
                      aria-selected={position === active}
                      className={position === active ? 'dropdown-item active' : 'dropdown-item'}
                      onMouseDown={(event) => event.preventDefault()}
                      onMouseEnter={() => setActive(position)}
                      onClick={() => openHit(hit.to)}
                    >
                      <div className="text-truncate">{hit.label}</div>
                      {hit.detail && (
                        <div className="small text-truncate opacity-75">{hit.detail}</div>
                      )}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
