#!/usr/bin/env node
// The size budget of the first paint: after `npm run build` (production), sums the gzip size of
// every JavaScript file the archive route (/, signed in) needs before it can paint its results,
// prints them and the total against the budget, and exits non-zero over budget. The design route's
// total is printed for information.
//
// What a route needs comes from the build's chunk graph (build-stats/bundle.json, written by
// webpack.config.js): the entry's chunks, the chunks of the route's named chunk group (the
// route's lazy import and every module it imports statically, as split by webpack), and the
// chunks of the English interface's language group. Chunks a screen imports on demand (a dialog,
// the filter drawer, the deep-zoom viewer, the search bar's controls) are other chunk groups:
// loaded with or after the first paint, which does not wait for them.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const frontend = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(frontend, 'dist');
const statsFile = join(frontend, 'build-stats', 'bundle.json');

/**
 * KB of gzip (level 9) the archive route may load before it paints its results: issue 21's 170.
 * The libraries alone (react-dom, react-query, i18next, emotion, the theme and the MUI components
 * of the first screen) come to about 140. What the first paint does not show comes after it, each
 * in a chunk of its own (lib/deferred.ts): the search bar's controls, the cards' heart and pin,
 * the language select, MUI's Alert and Badge, and every word but the page's own (lib/i18n.ts).
 */
const BUDGET_KB = 170;

/** The English interface's chunk group every page loads before its first render (`locale-<code>`, src/lib/i18n.ts). */
const LOCALE_GROUP = 'locale-en';

/**
 * The routes measured: the named chunk groups their lazy route loads (webpackChunkName in
 * src/app/routes.tsx; a route that needs a part of the language besides, its `locale-en-<part>`).
 */
const routes = [
  { title: 'archive route (/)', groups: ['archive'], budget: BUDGET_KB },
  { title: 'design route (/design/:id)', groups: ['design', 'locale-en-shared', 'locale-en-design'] },
];

function fail(message) {
  console.error(`check-bundle-budget: ${message}`);
  process.exit(2);
}

if (!existsSync(statsFile)) fail(`${statsFile} is missing: run \`npm run build\` first`);
const stats = JSON.parse(readFileSync(statsFile, 'utf8'));

const gzipSizes = new Map();
function gzipSize(file) {
  if (!gzipSizes.has(file)) {
    const path = join(dist, file);
    if (!existsSync(path)) fail(`${file} is in the build's chunk graph but not in dist/: build again`);
    gzipSizes.set(file, gzipSync(readFileSync(path), { level: 9 }).length);
  }
  return gzipSizes.get(file);
}

function groupChunks(name, record) {
  const group = record[name];
  if (!group) fail(`the build has no chunk group named "${name}" (known: ${Object.keys(record).join(', ')})`);
  return group.chunks;
}

/** What a chunk holds, for the table: the packages (MUI by component) or src folders it holds most of (by source size). */
function describe(chunk) {
  const total = chunk.holds.reduce((sum, item) => sum + item.size, 0) || 1;
  const main = chunk.holds.slice(0, 4).map((item) => `${item.name} ${Math.round((item.size / total) * 100)}%`);
  return `${main.join(', ')}${chunk.holds.length > 4 ? ', …' : ''}`;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

function measure(route) {
  const entry = Object.keys(stats.entrypoints).flatMap((name) => groupChunks(name, stats.entrypoints));
  const parts = [
    ['entry', entry],
    ...route.groups.map((name) => [name, groupChunks(name, stats.chunkGroups)]),
    [LOCALE_GROUP, groupChunks(LOCALE_GROUP, stats.chunkGroups)],
  ];
  const seen = new Set();
  const rows = [];
  for (const [part, ids] of parts) {
    for (const id of ids) {
      if (seen.has(id)) continue;
      seen.add(id);
      const chunk = stats.chunks[id];
      for (const file of chunk.files.filter((name) => name.endsWith('.js'))) {
        rows.push({ part, file: file.replace(/^assets\//, ''), what: describe(chunk), gzip: gzipSize(file) });
      }
    }
  }
  return { rows, total: rows.reduce((sum, row) => sum + row.gzip, 0) };
}

function printTable(route, { rows, total }) {
  console.log(`\n${route.title}: what it loads before it paints`);
  const fileWidth = Math.max(...rows.map((row) => row.file.length), 4);
  const partWidth = Math.max(...rows.map((row) => row.part.length), 5);
  console.log(`  ${'from'.padEnd(partWidth)}  ${'chunk'.padEnd(fileWidth)}  ${'gzip KB'.padStart(7)}  holds`);
  for (const row of rows) {
    console.log(`  ${row.part.padEnd(partWidth)}  ${row.file.padEnd(fileWidth)}  ${kb(row.gzip).padStart(7)}  ${row.what}`);
  }
  const verdict = route.budget === undefined ? '(for information)' : total <= route.budget * 1024 ? `<= ${route.budget} KB budget: OK` : `> ${route.budget} KB budget: OVER`;
  console.log(`  ${'total'.padEnd(partWidth)}  ${''.padEnd(fileWidth)}  ${kb(total).padStart(7)}  ${verdict}`);
}

let over = false;
for (const route of routes) {
  const result = measure(route);
  printTable(route, result);
  if (route.budget !== undefined && result.total > route.budget * 1024) over = true;
}
if (over) {
  console.error('\ncheck-bundle-budget: the archive route is over its budget (see the table above)');
  process.exit(1);
}
