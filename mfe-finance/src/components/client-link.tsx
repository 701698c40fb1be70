import { Link } from '@corretora/web-kit';

/** A client's name, opening their ficha (/contacts/{id}) when the record knows who they are. */
export function ClientLink({ id, name }: { id: number | null; name: string }) {
  return id === null ? <>{name}</> : <Link to={`/contacts/${id}`}>{name}</Link>;
}
