import { Outlet } from 'react-router';
import { PublicFrame } from './PublicFrame';

/** The public route table's layout: {@link PublicFrame} around the route's page. */
export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
