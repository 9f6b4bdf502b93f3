// webpack + Module Federation configuration for the host and the nine remotes.
// One factory for all of them, so the shared singletons and loaders can never drift apart.
const path = require('node:path');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const repoRoot = path.resolve(__dirname, '..', '..', '..');

/**
 * Libraries that must exist once in the page: a second React, router, QueryClient, jotai store,
 * i18n instance or antd theme context would silently split the app in two.
 * Our own shared packages are singletons too: they hold the jotai atoms, the i18n instance,
 * the socket subscription and the API client every remote must reach through the shell.
 * `@ant-design/icons` is shared icon by icon instead (see `PER_MODULE_SINGLETONS`).
 */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'antd',
  '@ant-design/cssinjs',
  '@ant-design/pro-components',
  '@tanstack/react-query',
  'jotai',
  'i18next',
  'react-i18next',
  'socket.io-client',
  'zod',
  '@leadforge/contracts',
  '@leadforge/api-client',
  '@leadforge/session',
  '@leadforge/i18n',
  '@leadforge/ui',
  '@leadforge/federation',
];

/**
 * Packages shared module by module rather than whole. `@ant-design/icons` shared whole put all
 * ~800 icons (≈190 KB gzip) before the first paint. Shared by prefix, every icon a build (or
 * antd inside it) uses is its own singleton: `import { X } from '@ant-design/icons'` goes through
 * the unshared, side-effect-free barrel, whose `./icons/X` re-export is matched by its path below
 * node_modules (`allowNodeModulesSuffixMatch`), and antd's own `@ant-design/icons/es/icons/X`
 * imports land on the same keys. So an icon is fetched once for the whole app, and the icon
 * context antd's ConfigProvider fills (`es/components/Context`) is one instance everywhere.
 * A build's icons are grouped into one chunk (`optimization.splitChunks`), so the per-icon
 * sharing costs one request, not one per icon.
 */
const PER_MODULE_SINGLETONS = ['@ant-design/icons'];

/**
 * Sub-paths that must resolve to the same singleton; sharing only `react-dom` let a second
 * react-dom/client chunk download (STACK.md).
 */
const SINGLETON_SUBPATHS = ['react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom/client', 'jotai/react', 'jotai/vanilla'];

/**
 * A consumed shared module is opaque to webpack, which therefore assumes it has side effects and
 * keeps every re-export of a barrel pointing at one. The per-module singletons come from packages
 * that declare `"sideEffects": false`; saying so of their consumed modules lets the barrels be
 * pruned to what a build really imports.
 */
class SideEffectFreeSharesPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('SideEffectFreeSharesPlugin', (compilation) => {
      // Before the dependency optimisation; fires for modules restored from the cache too. The
      // class is reached through a module because the package does not export it.
      compilation.hooks.finishModules.tap({ name: 'SideEffectFreeSharesPlugin', stage: -100 }, (modules) => {
        for (const module of modules) {
          if (module.constructor.name !== 'ConsumeSharedModule') continue;
          const proto = Object.getPrototypeOf(module);
          if (proto.leadforgeSideEffectFree) return;
          const original = proto.getSideEffectsConnectionState;
          proto.getSideEffectsConnectionState = function getSideEffectsConnectionState(moduleGraph) {
            const shareKey = this.options && this.options.shareKey;
            if (shareKey && PER_MODULE_SINGLETONS.some((pkg) => shareKey.startsWith(`${pkg}/`))) return false;
            return original.call(this, moduleGraph);
          };
          proto.leadforgeSideEffectFree = true;
          return;
        }
      });
    });
  }
}

/**
 * Our code imports each icon from its own module (eslint refuses the barrel), but
 * pro-components imports `{ … } from '@ant-design/icons'`. The real barrel re-exports all ~850
 * icons, and every module webpack creates under a shared prefix is provided, so the barrel
 * would ship them all. `@ant-design/icons` (exactly) therefore resolves to a barrel written here
 * with just the names pro-components imports, each from its own module; the non-icon exports
 * come from the package's component modules.
 */
function writeIconBarrel(fromDir) {
  const proDir = path.dirname(require.resolve('@ant-design/pro-components/package.json', { paths: [fromDir, repoRoot] }));
  const names = new Set();
  const importPattern = /import\s*\{([^}]*)\}\s*from\s*["']@ant-design\/icons["']/g;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.js')) {
        for (const match of fs.readFileSync(full, 'utf8').matchAll(importPattern)) {
          for (const part of match[1].split(',')) {
            const name = part.trim().split(/\s+as\s+/)[0];
            if (name) names.add(name);
          }
        }
      }
    }
  };
  walk(path.join(proDir, 'es'));
  const components = {
    createFromIconfontCN: 'es/components/IconFont',
    getTwoToneColor: 'es/components/twoTonePrimaryColor',
    setTwoToneColor: 'es/components/twoTonePrimaryColor',
  };
  const lines = ["export { default } from '@ant-design/icons/es/components/Icon';"];
  for (const name of [...names].sort()) {
    if (name in components) {
      const named = name === 'createFromIconfontCN' ? `default as ${name}` : name;
      lines.push(`export { ${named} } from '@ant-design/icons/${components[name]}';`);
    } else if (/^[A-Z]\w*(Outlined|Filled|TwoTone)$/.test(name)) {
      lines.push(`export { default as ${name} } from '@ant-design/icons/es/icons/${name}';`);
    } else {
      throw new Error(`pro-components imports ${name} from the icon barrel; teach writeIconBarrel where it lives`);
    }
  }
  // Inside the build's own node_modules, so its `@ant-design/icons/…` requests resolve (pnpm does
  // not hoist the package to the root) and stay bare, which is what the shared prefix matches.
  return writeGenerated(fromDir, 'ant-design-icons-barrel.js', lines);
}

/** Writes a generated module into the build's own cache folder (only when its text changed). */
function writeGenerated(fromDir, name, lines) {
  const file = path.join(fromDir, 'node_modules', '.cache', 'leadforge', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const text = `${lines.join('\n')}\n`;
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
  return file;
}

/**
 * zod is a singleton shared whole, and a shared module is opaque to tree shaking, so its entry
 * brought `z.locales`: some forty languages of zod's own messages (≈40 KB gzip, half of zod)
 * before the first paint, although our messages come from the error catalogue. `zod` therefore
 * resolves to this entry: zod's classic API, with `locales` shadowed by English alone (which
 * zod registers by default anyway). An explicit export wins over `export *`, so the locale
 * bundle is never referenced and drops out.
 */
function writeZodEntry(fromDir) {
  const zodDir = fs.realpathSync(path.dirname(require.resolve('zod/package.json', { paths: [fromDir, repoRoot] })));
  const en = JSON.stringify(path.join(zodDir, 'v4', 'locales', 'en.js'));
  // `z.core` re-exports the locales too.
  const core = writeGenerated(fromDir, 'zod-core.js', [
    `export * from ${JSON.stringify(path.join(zodDir, 'v4', 'core', 'index.js'))};`,
    `import en from ${en};`,
    'export const locales = Object.freeze({ en });',
  ]);
  const classic = writeGenerated(fromDir, 'zod-classic.js', [
    `export * from ${JSON.stringify(path.join(zodDir, 'v4', 'classic', 'external.js'))};`,
    `import en from ${en};`,
    'export const locales = Object.freeze({ en });',
    `import * as core from ${JSON.stringify(core)};`,
    'export { core };',
  ]);
  return writeGenerated(fromDir, 'zod-entry.js', [
    `import * as z from ${JSON.stringify(classic)};`,
    `export * from ${JSON.stringify(classic)};`,
    'export { z, z as default };',
  ]);
}

function installedVersion(pkg, fromDir) {
  const manifest = require.resolve(`${pkg}/package.json`, { paths: [fromDir, repoRoot] });
  return JSON.parse(fs.readFileSync(manifest, 'utf8')).version;
}

/** The version range a build declares for each shared package: the caret of what it was built with. */
function sharedRanges(fromDir) {
  const ranges = {};
  for (const pkg of [...SINGLETONS, ...PER_MODULE_SINGLETONS]) {
    const version = installedVersion(pkg, fromDir);
    // A prerelease cannot satisfy a caret of another prerelease line: pin those exactly.
    ranges[pkg] = version.includes('-') ? version : `^${version}`;
  }
  return ranges;
}

/**
 * Singletons the host provides whole to the remotes while its own code imports them tree-shaken.
 * antd shared whole is ≈400 KB gzip; the sign-in pages and the shell use a fraction of it. In the
 * host build our code's `antd` imports are redirected to the package's ES entry (see
 * `HostOwnImportsPlugin`), which the share key does not match, so webpack follows each name to
 * its component module and the first paint carries just those. The same entry is what the host
 * provides as `antd`: in one build one file is one module, so the copy a remote receives (loaded
 * on its first visit) is built from the very modules the host already runs, one ConfigProvider
 * context included.
 */
const HOST_TREE_SHAKEN = {
  antd: 'antd/es/index.js',
  // Our packages hold the app's single atoms, i18n instance and API client, and are shared for
  // that; in the host build they are plain modules too (their package.json says
  // `"sideEffects": false`), so the sign-in page does not carry the whole UI kit and contracts.
  ...Object.fromEntries(
    SINGLETONS.filter((pkg) => pkg.startsWith('@leadforge/')).map((pkg) => [pkg, path.join(repoRoot, workspaceFolder(pkg), 'src', 'index.ts')]),
  ),
};

/** `@leadforge/contracts` lives in `contracts/`, `@leadforge/ui` in `shared/ui/`. */
function workspaceFolder(pkg) {
  const name = pkg.slice('@leadforge/'.length);
  return name === 'contracts' ? 'contracts' : path.join('shared', name);
}

class HostOwnImportsPlugin {
  apply(compiler) {
    compiler.hooks.normalModuleFactory.tap('HostOwnImportsPlugin', (factory) => {
      // Before `factorize`, where the share plugins match requests.
      factory.hooks.beforeResolve.tap('HostOwnImportsPlugin', (data) => {
        const target = HOST_TREE_SHAKEN[data.request];
        const issuer = data.contextInfo && data.contextInfo.issuer;
        // Packages from node_modules (pro-components) keep consuming the shared copy.
        if (target && issuer && !/[\\/]node_modules[\\/]/.test(issuer)) data.request = target;
      });
    });
  }
}

function sharedConfig(fromDir, { host = false } = {}) {
  const ranges = sharedRanges(fromDir);
  const shared = {};
  for (const pkg of SINGLETONS) {
    shared[pkg] = { singleton: true, requiredVersion: ranges[pkg], version: installedVersion(pkg, fromDir) };
    if (host && HOST_TREE_SHAKEN[pkg]) shared[pkg].import = HOST_TREE_SHAKEN[pkg];
  }
  for (const pkg of PER_MODULE_SINGLETONS) {
    shared[`${pkg}/`] = {
      singleton: true,
      requiredVersion: `^${installedVersion(pkg, fromDir)}`,
      version: installedVersion(pkg, fromDir),
      allowNodeModulesSuffixMatch: true,
      // The barrels (`es/index`, `es/icons/index`) stay unshared: shared, they are opaque to
      // tree shaking and would carry every icon.
      exclude: { request: /^(es\/)?(icons\/?)?(index)?$/ },
    };
  }
  for (const sub of SINGLETON_SUBPATHS) {
    const base = sub.split('/')[0];
    shared[sub] = { singleton: true, requiredVersion: ranges[base], version: installedVersion(base, fromDir) };
  }
  return shared;
}

/** The contracts major a build is compiled against: the one its package resolves, else the workspace's. */
function contractsMajor(fromDir = path.join(repoRoot, 'contracts')) {
  const own = path.join(fromDir, 'package.json');
  const version =
    fs.existsSync(own) && JSON.parse(fs.readFileSync(own, 'utf8')).name === '@leadforge/contracts'
      ? JSON.parse(fs.readFileSync(own, 'utf8')).version
      : installedVersion('@leadforge/contracts', fromDir);
  return Number(version.split('.')[0]);
}

function rules(packageDir) {
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      use: {
        loader: require.resolve('ts-loader'),
        options: {
          transpileOnly: true,
          configFile: path.join(packageDir, 'tsconfig.json'),
          compilerOptions: { noEmit: false, module: 'esnext', sourceMap: true },
        },
      },
    },
    { test: /\.css$/, use: [require.resolve('style-loader'), require.resolve('css-loader')] },
    { test: /\.(png|svg|jpg|woff2?)$/, type: 'asset' },
  ];
}

function baseConfig({ packageDir, mode, outputPath }) {
  const production = mode === 'production';
  return {
    mode,
    context: packageDir,
    entry: './src/index.ts',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: outputPath,
      publicPath: 'auto',
      // Entries keep stable names (remoteEntry.js is fetched through the manifest); chunks are hashed.
      filename: '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      // A chunk that does not arrive within the script load timeout is a ChunkLoadError (document 2 §9).
      chunkLoadTimeout: 120_000,
      clean: true,
      uniqueName: path.basename(packageDir),
    },
    resolve: {
      alias: { '@ant-design/icons$': writeIconBarrel(packageDir), zod$: writeZodEntry(packageDir) },
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: { rules: rules(packageDir) },
    // One cache folder for all eleven builds (named per package and mode), so `release-all` and
    // repeated releases of an unchanged remote reuse earlier work; a change to this file or to
    // the lock file invalidates it.
    cache: {
      type: 'filesystem',
      cacheDirectory: path.join(repoRoot, 'node_modules', '.cache', 'webpack'),
      name: `${path.basename(packageDir)}-${mode}`,
      buildDependencies: { config: [__filename], lock: [path.join(repoRoot, 'pnpm-lock.yaml')] },
    },
    optimization: {
      // swc's minifier instead of terser (webpack's default, through the same plugin): measured
      // on a cold build of a remote, 40 s → 22 s with a slightly smaller gzip (875 vs 884 KB);
      // eleven builds make the first `npm start` and every CI run minutes shorter.
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, terserOptions: { compress: { passes: 2 } } })],
      splitChunks: {
        cacheGroups: {
          // The icons a build provides, in one chunk (see PER_MODULE_SINGLETONS).
          antIcons: {
            test: /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?@ant-design[\\/]icons(-svg)?[\\/]/,
            name: 'ant-icons',
            chunks: 'async',
            enforce: true,
          },
        },
      },
    },
    performance: { hints: false },
    // The barrels excluded from a per-module singleton are barrels, not a second instance.
    ignoreWarnings: [/is used together with "exclude\.request/],
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

/**
 * Production builds ship a brotli and a gzip file beside every text asset; the API serves them
 * by Accept-Encoding (@fastify/static `preCompressed`), so no request compresses on the fly and
 * a CDN in front can cache each encoding. Source maps stay plain: only developer tools ask.
 * Brotli quality 10, not 11: measured on a remote's 2.8 MB of script, 11 took twice as long
 * (6.4 s vs 3.2 s of one core) for 1.5 % fewer bytes.
 */
function precompressPlugins(mode) {
  if (mode !== 'production') return [];
  const test = /\.(js|css|html|json|svg)$/;
  return [
    new CompressionPlugin({ test, algorithm: 'gzip', filename: '[path][base].gz', threshold: 1024, minRatio: 0.9 }),
    new CompressionPlugin({
      test,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      threshold: 1024,
      minRatio: 0.9,
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } },
    }),
  ];
}

function readPackage(packageDir) {
  return JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
}

/**
 * A remote: exposes its route tree as `./routes`, emits `mf-manifest.json` with the Leadforge
 * compatibility metadata, and can run alone on its dev port (`src/bootstrap.tsx`).
 */
function createRemoteConfig(packageDir, env = {}, argv = {}) {
  const pkg = readPackage(packageDir);
  const name = pkg.leadforge.remote;
  const mode = argv.mode || 'production';
  const outputPath = env.outputPath || process.env.LEADFORGE_REMOTE_OUT || path.join(packageDir, 'dist');
  const version = process.env.LEADFORGE_RELEASE_VERSION || pkg.version;
  const config = baseConfig({ packageDir, mode, outputPath });
  config.plugins = [
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      exposes: { './routes': './src/routes.tsx' },
      shared: sharedConfig(packageDir),
      manifest: {
        additionalData: ({ stats }) => {
          stats.metaData.leadforge = {
            remote: name,
            version,
            contractsMajor: contractsMajor(packageDir),
            shared: sharedRanges(packageDir),
          };
          return stats;
        },
      },
      dts: false,
    }),
    new SideEffectFreeSharesPlugin(),
    new HtmlWebpackPlugin({ template: path.join(__dirname, 'standalone.html'), title: `Leadforge · ${name}`, chunks: ['main'] }),
    ...precompressPlugins(mode),
  ];
  config.devServer = {
    port: pkg.leadforge.devPort,
    historyApiFallback: true,
    headers: { 'Access-Control-Allow-Origin': '*' },
    proxy: [{ context: apiPaths, target: process.env.LEADFORGE_API_URL || 'http://127.0.0.1:8080', ws: true }],
  };
  return config;
}

/** Every path the dev servers forward to the API (everything but the front-end bundles). */
function apiPaths(pathname, req) {
  const accept = (req && req.headers && req.headers.accept) || '';
  if (pathname.startsWith('/socket.io')) return true;
  if (pathname.startsWith('/remotes/') || pathname === '/environment.json') return true;
  // Page navigations go to the dev server's index.html; everything else is an API call.
  return !accept.includes('text/html') && !/\.(js|css|map|json|ico|png|svg)$/.test(pathname);
}

/** The host: no static remotes; it reads the environment map at start-up and registers them. */
function createHostConfig(packageDir, env = {}, argv = {}) {
  const mode = argv.mode || 'production';
  const outputPath = env.outputPath || path.join(packageDir, 'dist');
  const config = baseConfig({ packageDir, mode, outputPath });
  config.output.publicPath = '/';
  config.plugins = [
    new ModuleFederationPlugin({
      name: 'host',
      remotes: {},
      shared: sharedConfig(packageDir, { host: true }),
      // The host's copies are never replaced by a remote's copy of the same version, even before
      // they are loaded (the antd a remote receives is loaded on its first visit); see also
      // `hostOwnedSharesPlugin` for other versions.
      shareStrategy: 'loaded-first',
      dts: false,
      manifest: false,
    }),
    new SideEffectFreeSharesPlugin(),
    new HostOwnImportsPlugin(),
    new HtmlWebpackPlugin({ template: path.join(packageDir, 'src', 'index.html'), favicon: undefined }),
    ...precompressPlugins(mode),
  ];
  config.devServer = {
    port: 3000,
    historyApiFallback: true,
    proxy: [{ context: apiPaths, target: process.env.LEADFORGE_API_URL || 'http://127.0.0.1:8080', ws: true }],
  };
  return config;
}

module.exports = { createRemoteConfig, createHostConfig, sharedConfig, sharedRanges, SINGLETONS, PER_MODULE_SINGLETONS, contractsMajor, repoRoot };
