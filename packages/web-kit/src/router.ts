/**
 * The router, re-exported from the shared kit. Apps import routing only from here: react-router
 * then exists once at run time (its contexts must be single instances) while only the parts we use
 * are bundled — sharing react-router itself would ship all of it (server and RSC code included).
 */
// Declarative mode (BrowserRouter + route objects through useRoutes): the data-router machinery
// (loaders, actions, fetchers, hydration) is not used, so it is not shipped.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
  type RouteObject,
} from 'react-router';
