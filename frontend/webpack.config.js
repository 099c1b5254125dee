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
      alias: {
        '@': path.resolve(__dirname, 'src'),
        // react-router's exports map names only its development build (no "production" condition
        // to pick): the production build is the same code with the development warnings off.
        ...(production ? { 'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs') } : {}),
      },
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
    plugins: [new HtmlWebpackPlugin({ template: './public/index.html' }), themeWithoutCssVariables, ...(production ? [new BundleStatsPlugin()] : [])],
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
