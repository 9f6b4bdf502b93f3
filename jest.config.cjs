// One jest run over every front-end package (contracts, shared/*, host, remotes/*): a single
// worker pool is much faster on 2 cores than one jest process per package.
const fs = require('node:fs');
const path = require('node:path');

const folders = ['contracts', 'host', ...['shared', 'remotes'].flatMap((dir) =>
  fs.readdirSync(path.join(__dirname, dir)).map((name) => `${dir}/${name}`),
)];

module.exports = {
  // A global option: jest ignores testTimeout inside project configs. antd screens rendered in
  // jsdom on 2 busy cores can take several seconds per test.
  testTimeout: 60_000,
  projects: folders
    .filter((folder) => fs.existsSync(path.join(__dirname, folder, 'jest.config.cjs')))
    .map((folder) => `<rootDir>/${folder}`),
};
