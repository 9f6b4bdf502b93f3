module.exports = (env, argv) => require('@leadforge/build-config').createRemoteConfig(__dirname, env, argv);
