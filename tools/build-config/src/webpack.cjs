// webpack + Module Federation configuration for the host and the nine remotes.
// One factory for all of them, so the shared singletons and loaders can never drift apart.
const path = require('node:path');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
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
  const file = path.join(fromDir, 'node_modules', '.cache', 'leadforge', 'ant-design-icons-barrel.js');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const text = `${lines.join('\n')}\n`;
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
  return file;
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

function sharedConfig(fromDir) {
  const ranges = sharedRanges(fromDir);
  const shared = {};
  for (const pkg of SINGLETONS) {
    shared[pkg] = { singleton: true, requiredVersion: ranges[pkg], version: installedVersion(pkg, fromDir) };
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
      alias: { '@ant-design/icons$': writeIconBarrel(packageDir) },
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
      shared: sharedConfig(packageDir),
      dts: false,
      manifest: false,
    }),
    new SideEffectFreeSharesPlugin(),
    new HtmlWebpackPlugin({ template: path.join(packageDir, 'src', 'index.html'), favicon: undefined }),
  ];
  config.devServer = {
    port: 3000,
    historyApiFallback: true,
    proxy: [{ context: apiPaths, target: process.env.LEADFORGE_API_URL || 'http://127.0.0.1:8080', ws: true }],
  };
  return config;
}

module.exports = { createRemoteConfig, createHostConfig, sharedConfig, sharedRanges, SINGLETONS, PER_MODULE_SINGLETONS, contractsMajor, repoRoot };
