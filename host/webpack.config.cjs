module.exports = (env, argv) => require('@leadforge/build-config').createHostConfig(__dirname, env, argv);
