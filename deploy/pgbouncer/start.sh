#!/bin/sh
# PgBouncer's start in its image (compose's pgbouncer, the cluster's): the auth file from each
# service's database password in the environment (<SERVICE>_DB_PASSWORD, the variables db-init
# reads: role corretora_<service>), Postgres' address from POSTGRES_HOST/POSTGRES_PORT (compose's
# postgres:5432 by default), then deploy/pgbouncer/pgbouncer.ini as it is otherwise.
set -eu
umask 077
users=/etc/pgbouncer/userlist.txt
: > "$users"
# db-init allows only letters, digits, '-' and '_' in these passwords: nothing to quote.
env | sed -n 's/^\([A-Z][A-Z0-9]*\)_DB_PASSWORD=\([A-Za-z0-9_-]*\)$/\1 \2/p' | while read -r service password; do
  printf '"corretora_%s" "%s"\n' "$(echo "$service" | tr 'A-Z' 'a-z')" "$password" >> "$users"
done
if [ ! -s "$users" ]; then
  echo "pgbouncer: no <SERVICE>_DB_PASSWORD in the environment: no service could sign in" >&2
  exit 1
fi
sed "s/^\* = host=postgres port=5432\$/* = host=${POSTGRES_HOST:-postgres} port=${POSTGRES_PORT:-5432}/" \
  /etc/pgbouncer/pgbouncer.ini > /tmp/pgbouncer.ini
exec pgbouncer /tmp/pgbouncer.ini
