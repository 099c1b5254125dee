import { existsSync, mkdirSync } from 'node:fs';
import { desenCommand, fillDemoArchive } from './support/desen';
import { accounts, cadCompanyCode, desenBin, e2eDir } from './support/env';

/**
 * Migrates the run's database, creates its accounts with the `desen` binary, and fills the archive
 * with the demo designs (`desen demo`: real files through the real import pipeline, with labels,
 * palettes and thumbnails) in the same database and data directory the server uses.
 */
export default function globalSetup() {
  if (!existsSync(desenBin)) throw new Error(`${desenBin} is missing: build the server first (cargo build -p gateway)`);
  const dir = e2eDir();
  mkdirSync(dir, { recursive: true });
  const desen = desenCommand(dir);
  desen('migrate');
  desen('create-user', '--email', accounts.user.email, '--password', accounts.user.password, '--name', accounts.user.name);
  desen('create-user', '--email', accounts.admin.email, '--password', accounts.admin.password, '--admin', '--name', accounts.admin.name);
  desen('create-user', '--email', accounts.reset.email, '--password', accounts.reset.password, '--name', accounts.reset.name);
  desen('create-label', '--tr', 'Çiçek', '--en', 'Floral', '--ru', 'Цветочный');
  desen('create-user', '--email', accounts.designer.email, '--password', accounts.designer.password, '--admin', '--name', accounts.designer.name);
  desen('create-user', '--email', accounts.curator.email, '--password', accounts.curator.password, '--admin', '--name', accounts.curator.name);
  desen('create-user', '--email', accounts.manager.email, '--password', accounts.manager.password, '--admin', '--name', accounts.manager.name);
  desen('create-user', '--email', accounts.deputy.email, '--password', accounts.deputy.password, '--admin', '--name', accounts.deputy.name);
  desen('create-user', '--email', accounts.pooled.email, '--password', accounts.pooled.password, '--name', accounts.pooled.name, '--customer', 'Pooled Customer Ltd.');
  // Before `desen demo`: the demo finds this company by name and gives it orders among the others'.
  desen('create-user', '--email', accounts.reader.email, '--password', accounts.reader.password, '--name', accounts.reader.name);
  desen('create-user', '--email', accounts.buyer.email, '--password', accounts.buyer.password, '--name', accounts.buyer.name, '--customer', accounts.buyer.customer);
  desen('create-user', '--email', accounts.inspector.email, '--password', accounts.inspector.password, '--admin', '--name', accounts.inspector.name);
  desen('create-user', '--email', accounts.editor.email, '--password', accounts.editor.password, '--admin', '--name', accounts.editor.name);
  desen('create-user', '--email', accounts.collector.email, '--password', accounts.collector.password, '--name', accounts.collector.name, '--customer', accounts.collector.customer);
  desen('create-user', '--email', accounts.cutter.email, '--password', accounts.cutter.password, '--name', accounts.cutter.name, '--customer', accounts.cutter.customer, '--customer-code', cadCompanyCode);
  desen('create-user', '--email', accounts.twin.email, '--password', accounts.twin.password, '--name', accounts.twin.name, '--customer', accounts.twin.customer);
  desen('create-user', '--email', accounts.reviewer.email, '--password', accounts.reviewer.password, '--admin', '--name', accounts.reviewer.name);
  desen('create-user', '--email', accounts.importer.email, '--password', accounts.importer.password, '--admin', '--name', accounts.importer.name);
  desen('create-user', '--email', accounts.stylist.email, '--password', accounts.stylist.password, '--admin', '--name', accounts.stylist.name);
  desen('create-user', '--email', accounts.shopper.email, '--password', accounts.shopper.password, '--name', accounts.shopper.name, '--customer', accounts.shopper.customer);
  desen('create-user', '--email', accounts.archivist.email, '--password', accounts.archivist.password, '--admin', '--name', accounts.archivist.name);
  desen('create-user', '--email', accounts.selector.email, '--password', accounts.selector.password, '--name', accounts.selector.name, '--customer', accounts.selector.customer);
  desen('create-user', '--email', accounts.publisher.email, '--password', accounts.publisher.password, '--admin', '--name', accounts.publisher.name);
  desen('create-user', '--email', accounts.tailor.email, '--password', accounts.tailor.password, '--admin', '--name', accounts.tailor.name);
  desen('create-user', '--email', accounts.wearer.email, '--password', accounts.wearer.password, '--name', accounts.wearer.name, '--customer', accounts.wearer.customer);
  desen('create-user', '--email', accounts.tagger.email, '--password', accounts.tagger.password, '--admin', '--name', accounts.tagger.name);
  desen('create-user', '--email', accounts.pinner.email, '--password', accounts.pinner.password, '--admin', '--name', accounts.pinner.name);
  desen('create-user', '--email', accounts.watcher.email, '--password', accounts.watcher.password, '--name', accounts.watcher.name, '--customer', accounts.watcher.customer);
  desen('create-user', '--email', accounts.switcher.email, '--password', accounts.switcher.password, '--admin', '--name', accounts.switcher.name);
  desen('create-user', '--email', accounts.planner.email, '--password', accounts.planner.password, '--admin', '--name', accounts.planner.name);
  desen('create-user', '--email', accounts.finder.email, '--password', accounts.finder.password, '--name', accounts.finder.name, '--customer', accounts.finder.customer);
  desen('create-user', '--email', accounts.stockist.email, '--password', accounts.stockist.password, '--name', accounts.stockist.name, '--customer', accounts.stockist.customer);

  const { added, seconds } = fillDemoArchive(desen);
  console.log(`e2e data in ${dir}; demo archive: ${added} designs in ${seconds} s`);
}
