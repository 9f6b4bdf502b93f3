export { REMOTE_NAMES, remoteNameSchema, isRemoteName, remoteFolder, remotePackageName, type RemoteName } from './remote-names';
export {
  environmentMapSchema,
  remotePinSchema,
  releaseVersionSchema,
  loadEnvironment,
  manifestUrlFor,
  defaultManifestUrl,
  pinnedRemotes,
  EnvironmentLoadError,
  ENVIRONMENT_MAP_PATH,
  type EnvironmentMap,
  type RemotePin,
} from './environment';
export {
  checkCompatibility,
  remoteEntryOf,
  leadforgeMetadataSchema,
  remoteManifestSchema,
  type CompatibilityResult,
  type HostVersions,
  type LeadforgeMetadata,
  type RemoteManifest,
} from './compatibility';
export { hostVersionsFrom } from './host-versions';
export { REMOTE_FAILURE_REASONS, RemoteUnavailableError, failureReasonOf, type RemoteFailureReason } from './errors';
export {
  REMOTE_AREAS,
  MENU_SECTIONS,
  findRemoteForPath,
  isPublicRemotePath,
  menuEntries,
  type MenuEntry,
  type MenuSection,
  type RemoteArea,
} from './remote-areas';
export { isRemoteModule, localeLoaders, type RemoteModule, type RemoteTexts, type RemoteRouteHandle, type LocaleLoaders } from './remote-module';
export {
  initRemotes,
  loadRemoteModule,
  resetRemote,
  waitForRemote,
  REMOTE_NAVIGATION_WAIT_MS,
  currentEnvironment,
  remoteFallbackPlugin,
  hostOwnedSharesPlugin,
  warmShared,
  type FederationRuntime,
  type InitRemotesOptions,
  type RemoteLogger,
} from './runtime';
export { FEDERATION_NAMESPACE, federationLocaleLoaders } from './i18n';
export {
  RemoteRoutes,
  RemoteRoutesView,
  RemoteErrorBoundary,
  RemoteFallback,
  type RemoteRoutesProps,
  type RemoteRoutesViewProps,
  type RemoteFallbackProps,
} from './remote-routes';
export { AreaPlaceholder, createAreaPage, type AreaPageOptions, type AreaPlaceholderProps } from './area-placeholder';
export { StandaloneShell, mountStandalone, type StandaloneShellProps } from './standalone-shell';
