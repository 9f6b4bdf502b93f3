// An async boundary first: the shared singletons (react, antd, …) are negotiated with the share
// scope before any module that imports them runs.
void import('./bootstrap');
