import type { Params, Path, RouteMatch, RouteObject, To } from './types';

/** `/a/b?c#d` → its parts. */
export function parsePath(url: string): Path {
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const searchAt = beforeHash.indexOf('?');
  return {
    pathname: searchAt >= 0 ? beforeHash.slice(0, searchAt) : beforeHash,
    search: searchAt >= 0 ? beforeHash.slice(searchAt) : '',
    hash,
  };
}

function normalize(part: string, mark: '?' | '#'): string {
  if (!part || part === mark) return '';
  return part.startsWith(mark) ? part : `${mark}${part}`;
}

export function createPath({ pathname, search, hash }: Path): string {
  return `${pathname}${normalize(search, '?')}${normalize(hash, '#')}`;
}

/**
 * `to` seen from `from`: an absolute path as it is; a search or hash alone keeps the pathname (and
 * a hash alone the search); a relative path resolves as a URL would.
 */
export function resolveTo(to: To, from: Path): Path {
  const given = typeof to === 'string' ? parsePath(to) : { pathname: to.pathname ?? '', search: to.search ?? '', hash: to.hash ?? '' };
  // An empty query or fragment is none: `/a?` is `/a`.
  const parts = { pathname: given.pathname, search: normalize(given.search, '?'), hash: normalize(given.hash, '#') };
  if (!parts.pathname) {
    return { pathname: from.pathname, search: parts.search || (parts.hash ? from.search : ''), hash: parts.hash };
  }
  if (parts.pathname.startsWith('/')) return parts;
  const base = from.pathname.endsWith('/') ? from.pathname : `${from.pathname}/`;
  return { ...parts, pathname: new URL(parts.pathname, `http://app${base}`).pathname };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type CompiledPattern = { matcher: RegExp; names: string[] };
const compiled = new Map<string, CompiledPattern>();

/** `/design/:id/:colorwayid?` as a case-insensitive regular expression that allows a trailing slash. */
function compile(pattern: string): CompiledPattern {
  const known = compiled.get(pattern);
  if (known) return known;
  const names: string[] = [];
  let source = '';
  for (const segment of pattern.split('/').filter(Boolean)) {
    if (segment === '*') {
      names.push('*');
      source += '(?:/(.*))?';
    } else if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      names.push(segment.slice(1, optional ? -1 : undefined));
      source += optional ? '(?:/([^/]+))?' : '/([^/]+)';
    } else {
      source += `/${escapeRegExp(segment)}`;
    }
  }
  const result = { matcher: new RegExp(`^${source}/*$`, 'i'), names };
  compiled.set(pattern, result);
  return result;
}

/** The parameters of `pathname` under `pattern` (the whole path must match), or null. */
export function matchPath(pattern: string, pathname: string): { params: Params } | null {
  const { matcher, names } = compile(pattern);
  const found = matcher.exec(pathname);
  if (!found) return null;
  const params: Params = {};
  names.forEach((name, i) => {
    const value = found[i + 1];
    params[name] = value === undefined ? undefined : safeDecode(value);
  });
  return { params };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

type Branch = { pattern: string; routes: RouteObject[]; ids: string[]; score: number };

/**
 * How specific a branch's pattern is, so that `/design/:id` wins over `*` whatever their order in
 * the table: static segments count most, then parameters, an index route a little; a splat costs.
 */
function score(pattern: string, index: boolean): number {
  const segments = pattern.split('/').filter(Boolean);
  return segments.reduce(
    (total, segment) => total + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10),
    segments.length + (index ? 2 : 0),
  );
}

const branchesOf = new WeakMap<RouteObject[], Branch[]>();

/** Every route that renders a page (a leaf, or a route with a path or an index), with the routes above it. */
function flatten(routes: RouteObject[]): Branch[] {
  const known = branchesOf.get(routes);
  if (known) return known;
  const branches: Branch[] = [];
  const walk = (level: RouteObject[], parentPattern: string, parents: RouteObject[], parentIds: string[]) => {
    level.forEach((route, i) => {
      const pattern = route.path ? `${parentPattern.replace(/\/$/, '')}/${route.path}` : parentPattern;
      const routes = [...parents, route];
      const ids = [...parentIds, [parentIds.at(-1), i].filter((part) => part !== undefined).join('-')];
      if (route.children?.length) walk(route.children, pattern, routes, ids);
      if (route.path !== undefined || route.index || !route.children?.length) branches.push({ pattern: pattern || '/', routes, ids, score: score(pattern, !!route.index) });
    });
  };
  walk(routes, '', [], []);
  // A stable sort: equally specific routes keep the table's order.
  const ranked = branches.map((branch, order) => ({ branch, order })).sort((a, b) => b.branch.score - a.branch.score || a.order - b.order).map(({ branch }) => branch);
  branchesOf.set(routes, ranked);
  return ranked;
}

/** The branch of the route table that `pathname` selects, outermost first, or an empty list. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] {
  for (const branch of flatten(routes)) {
    const found = matchPath(branch.pattern, pathname);
    if (found) return branch.routes.map((route, i) => ({ id: branch.ids[i] ?? '', route, params: found.params, handle: route.handle }));
  }
  return [];
}
