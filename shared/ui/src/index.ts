export { leadforgeTheme, BRAND_COLOR, layerOrder } from './theme/theme';
export { UiProvider, type UiProviderProps } from './provider/ui-provider';
export { useToast, TOAST_DURATION_SECONDS, type ToastApi, type ToastKind, type ToastOptions } from './feedback/use-toast';
export { showApiError, useApiErrorModal } from './feedback/use-api-error-modal';
export {
  LoadingState,
  EmptyState,
  ErrorState,
  type LoadingStateProps,
  type EmptyStateProps,
  type ErrorStateProps,
} from './states/states';
export { AreaComingSoon, type AreaComingSoonProps } from './states/area-coming-soon';
export { SandboxTag, type SandboxTagProps } from './labels/sandbox-tag';
export { PageHeader, type PageHeaderProps } from './page/page-header';
export { useDocumentTitle, formatDocumentTitle, APP_NAME } from './page/use-document-title';
export { ShellLayout, type ShellLayoutProps } from './layout/shell-layout';
export { useIsPhone, useShellFrame, type ShellFrame } from './layout/shell-frame';
export { ScrollArea, type ScrollAreaProps } from './layout/scroll-area';
export { SidebarMenu, type SidebarMenuItem, type SidebarMenuProps } from './layout/sidebar-menu';
export { AppHeader, type AppHeaderProps } from './layout/app-header';
export { LocaleSwitcher, type LocaleSwitcherProps } from './layout/locale-switcher';
export { UserMenu, type UserMenuItem, type UserMenuProps } from './layout/user-menu';
export { ConnectionStatus, type ConnectionStatusProps, type ConnectionStatusValue } from './layout/connection-status';
export { useSelectAllTitle } from './table/use-select-all-title';
export { useTableParams } from './table/use-table-params';
export { readPage, readId, readOneOf, readText, patchParams, pageParam, type ParamPatch } from './table/search-params';
export { useAccessibleTables } from './table/use-accessible-tables';
export { ServerPagedTable, type ServerPagedTableProps } from './table/server-paged-table';
export { AreaScreen, type AreaScreenProps } from './page/area-screen';
