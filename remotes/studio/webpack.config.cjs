// The shared factory builds every remote the same way (tools/build-config/src/webpack.cjs).
module.exports = (env, argv) => require('@leadforge/build-config').createRemoteConfig(__dirname, env, argv);
