import { AREA_ROUTES, allRoutes } from './routes';

describe('the areas’ calls', () => {
  it('are each declared by exactly one area', () => {
    const owners = new Map<string, number>();
    AREA_ROUTES.forEach((routes, area) => {
      for (const name of Object.keys(routes)) {
        expect({ name, declaredBy: owners.get(name) ?? area }).toEqual({ name, declaredBy: area });
        owners.set(name, area);
      }
    });
    expect(Object.keys(allRoutes)).toHaveLength(owners.size);
  });

  it('have distinct operation ids and method + path pairs', () => {
    const routes = Object.values(allRoutes);
    expect(new Set(routes.map((route) => route.id)).size).toBe(routes.length);
    const endpoints = routes.flatMap((route) => [route, ...(route.aliases ?? [])].map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    expect(new Set(endpoints).size).toBe(endpoints.length);
  });
});
