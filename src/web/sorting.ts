// Column headings that sort a list (`?sort=key`, `?sort=-key`) and the pager of a sorted list.
// The default order (newest first) pages by keyset cursor; a chosen sort by offset (`?from=`).
import { html, type Html } from './html.ts';
import type { PageCtx } from './context.ts';
import type { Page } from '../common/pagination.ts';
import type { Sort, SortedPage } from '../common/sorting.ts';
import { listHref, pager } from './widgets.ts';

export interface ListState {
  base: string;
  /** The filters to keep on every link (q, status, …). */
  params: Record<string, string | undefined>;
  sort: Sort | null;
}

const sortParam = (s: Sort | null) => (s ? `${s.dir === 'desc' ? '-' : ''}${s.key}` : undefined);

/** A column heading; with a sort key, a link that sorts by it (ascending first, then reversed). */
export function th(label: string, key: string | null, list: ListState): Html {
  if (!key) return html`<th scope="col">${label}</th>`;
  const on = list.sort?.key === key ? list.sort : null;
  const next: Sort = { key, dir: on?.dir === 'asc' ? 'desc' : 'asc' };
  const href = listHref(list.base, { ...list.params, sort: sortParam(next) })();
  const ariaSort = on ? html` aria-sort="${on.dir === 'asc' ? 'ascending' : 'descending'}"` : '';
  return html`<th scope="col"${ariaSort}><a class="sort" href="${href}">${label}<span class="arrow" aria-hidden="true">${on ? (on.dir === 'asc' ? '▲' : '▼') : '↕'}</span></a></th>`;
}

/** "Newest first": back to the default order, shown while another sort is chosen. */
export function newestLink(ctx: PageCtx, list: ListState): Html {
  return list.sort ? html`<a href="${listHref(list.base, list.params)()}" class="newest">${ctx.t('crm.sort_newest')}</a>` : html``;
}

/** The pager of either kind of page. */
export function listPager(ctx: PageCtx, list: ListState, page: Page<unknown> | SortedPage<unknown>, query: { cursor?: string; from?: string }): Html {
  if (!('next_from' in page)) return pager(ctx, listHref(list.base, list.params), page, query.cursor);
  const at = (from?: number) => listHref(list.base, { ...list.params, sort: sortParam(list.sort), from: from ? String(from) : undefined })();
  return html`<p class="pager"><span>${ctx.t(page.total_relation === 'gte' ? 'list.total_gte' : 'list.total', { n: page.total })}</span>
    ${query.from && query.from !== '0' ? html`<a href="${at()}" rel="first">${ctx.t('list.first')}</a>` : ''}
    ${page.next_from !== null ? html`<a href="${at(page.next_from)}" rel="next">${ctx.t('list.more')}</a>` : ''}</p>`;
}
