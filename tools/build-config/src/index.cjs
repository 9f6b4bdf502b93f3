module.exports = {
  ...require('./jest-preset.cjs'),
  ...require('./webpack.cjs'),
};
