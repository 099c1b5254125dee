// Production: `webpack --mode production` writes dist/ (index.html + hashed assets) that the Rust
// server serves from DESEN_STATIC_DIR. Development: `webpack serve` proxies /service to the server.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const webpack = require('webpack');
const MinimizerPlugin = require('minimizer-webpack-plugin');

/** Where a production build writes its chunk graph for scripts/check-bundle-budget.mjs (not served: outside dist/). */
const bundleStatsFile = path.resolve(__dirname, 'build-stats', 'bundle.json');

/** The package (or src/ folder) a module's file belongs to: what each chunk holds, in the budget's table. */
function origin(file) {
  const relative = path.relative(__dirname, file).split(path.sep).join('/');
  // MUI by component (@mui/material/Autocomplete), other packages whole.
  const inPackage = /node_modules\/(@mui\/[^/]+\/[^/.]+|(?:@[^/]+\/)?[^/]+)/.exec(relative);
  if (inPackage) return inPackage[1];
  return /^src\/(?:features\/)?[^/]+/.exec(relative)?.[0] ?? relative;
}

/**
 * Writes the production build's chunk graph: the entry's chunks, each named chunk group's chunks
 * (the routes' and the languages' lazy chunks carry names, see src/app/routes.tsx and
 * src/lib/i18n.ts), and each chunk's files and the packages it holds most of.
 */
class BundleStatsPlugin {
  apply(compiler) {
    compiler.hooks.done.tap('BundleStatsPlugin', ({ compilation }) => {
      if (compilation.errors.length > 0) return;
      const { chunkGraph } = compilation;
      const groups = (record) => Object.fromEntries([...record].map(([name, group]) => [name, { chunks: group.chunks.map((chunk) => String(chunk.id)) }]));
      const chunks = {};
      for (const chunk of compilation.chunks) {
        const sizes = new Map();
        const add = (module) => {
          // A concatenated module: count the modules it joined.
          if (module.modules) return module.modules.forEach(add);
          const file = module.nameForCondition?.();
          const key = file ? origin(file) : '(webpack)';
          sizes.set(key, (sizes.get(key) ?? 0) + module.size());
        };
        for (const module of chunkGraph.getChunkModulesIterable(chunk)) add(module);
        const holds = [...sizes].sort((a, b) => b[1] - a[1]).map(([name, size]) => ({ name, size }));
        chunks[String(chunk.id)] = { files: [...chunk.files], names: chunk.name ? [chunk.name] : [], holds };
      }
      const manifest = { hash: compilation.hash, entrypoints: groups(compilation.entrypoints), chunkGroups: groups(compilation.namedChunkGroups), chunks };
      fs.mkdirSync(path.dirname(bundleStatsFile), { recursive: true });
      fs.writeFileSync(bundleStatsFile, `${JSON.stringify(manifest, null, 1)}\n`);
    });
  }
}

/**
 * The lazy chunks a page's first paint needs, by the path the page opens on: without a hint they
 * are asked for only once the entry has run (a chain: the entry, then the route's chunks). A small
 * script index.html loads first (`async`; the server's CSP allows no inline script) adds a preload
 * link for each of them, so they download while the entry does. The paths are src/app/routes.tsx's;
 * the groups are the named chunk groups of the routes' lazy imports and of the parts their first
 * paint shows at once; `{locale}` is the interface language, detected as src/lib/locale.ts does.
 */
const routePreloads = [
  // Every page: the interface language's first part and the shared one (src/lib/i18n.ts).
  { path: '', groups: ['locale-{locale}', 'locale-{locale}-shared'] },
  // The archive search, the studio's banners above it, its search bar's controls and the cards' actions.
  { path: '^/(archive/?)?$', groups: ['archive', 'banner-strip', 'search-controls', 'archive-actions'] },
  // The design page and its words (not its deep-zoom viewer: the preview stands in until it is
  // there, and its size would slow the page's own chunks down).
  { path: '^/design/', groups: ['design', 'locale-{locale}-design'] },
];

/** src/lib/locale.ts: the languages, the key of the one chosen (localStorage), the default. */
const locales = ['en', 'tr', 'ru'];
const localeKey = 'desen.locale';

/** The preload script: detects the language as detectLocale() does, then links each file of the page's groups. */
function preloadScript(table) {
  return `(function(){
var t=${JSON.stringify(table)},s=${JSON.stringify(locales)},l=null,c=[];
try{c.push(localStorage.getItem(${JSON.stringify(localeKey)}))}catch(e){}
c=c.concat(navigator.languages||[],navigator.language);
for(var i=0;i<c.length&&!l;i++){var b=String(c[i]||'').toLowerCase().split(/[-_]/)[0];if(s.indexOf(b)>=0)l=b}
l=l||s[0];
for(var j=0;j<t.length;j++)if(new RegExp(t[j][0]).test(location.pathname))(t[j][1][l]||[]).forEach(function(f){var k=document.createElement('link');k.rel='preload';k.as='script';k.href=f;document.head.appendChild(k)});
})();
`;
}

class RoutePreloadPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('RoutePreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('RoutePreloadPlugin', (data) => {
        const { publicPath } = compilation.outputOptions;
        const inEntry = new Set([...compilation.entrypoints.values()].flatMap((entry) => entry.chunks));
        const filesOf = (name) => {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`RoutePreloadPlugin: no chunk group named ${name}`);
          return group.chunks.filter((chunk) => !inEntry.has(chunk)).flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
        };
        // Per path, per language: the files to preload.
        const table = routePreloads.map(({ path, groups }) => [
          path,
          Object.fromEntries(locales.map((locale) => [locale, [...new Set(groups.flatMap((group) => filesOf(group.replace('{locale}', locale))))].map((file) => `${publicPath}${file}`)])),
        ]);
        const code = preloadScript(table);
        const hash = compiler.webpack.util.createHash('md4').update(code).digest('hex').slice(0, 8);
        const file = `assets/preload.${hash}.js`;
        compilation.emitAsset(file, new compiler.webpack.sources.RawSource(code));
        data.headTags.unshift(HtmlWebpackPlugin.createHtmlTagObject('script', { async: true, src: `${publicPath}${file}` }));
        return data;
      });
    });
  }
}

/**
 * The theme has no CSS variables and no colour schemes (src/theme/theme.ts): for such a theme MUI's
 * createTheme is createThemeNoVars and its ThemeProvider is ThemeProviderNoVars, but both wrappers
 * import the CSS-variables machinery as well (about 7 KB gzip of every first paint). The wrappers
 * are swapped for the parts the theme takes; a theme with `cssVariables` or `colorSchemes` would
 * need this plugin gone.
 */
const themeWithoutCssVariables = new webpack.NormalModuleReplacementPlugin(/^\.\/(createTheme|ThemeProvider)\.mjs$/, (resource) => {
  if (/[\\/]@mui[\\/]material[\\/]styles$/.test(resource.context)) resource.request = resource.request.replace(/\.mjs$/, 'NoVars.mjs');
});

module.exports = (_env, argv) => {
  const production = argv.mode === 'production';
  return {
    mode: production ? 'production' : 'development',
    entry: './src/main.tsx',
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].chunk.js' : 'assets/[name].chunk.js',
      publicPath: '/',
      clean: true,
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      alias: { '@': path.resolve(__dirname, 'src') },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2022',
              },
            },
          },
        },
      ],
    },
    plugins: [new HtmlWebpackPlugin({ template: './public/index.html' }), themeWithoutCssVariables, ...(production ? [new RoutePreloadPlugin(), new BundleStatsPlugin()] : [])],
    optimization: {
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
      splitChunks: { chunks: 'all' },
    },
    performance: { hints: false },
    devServer: {
      port: 3000,
      historyApiFallback: true,
      proxy: [{ context: ['/service'], target: 'http://127.0.0.1:8080' }],
    },
  };
};
