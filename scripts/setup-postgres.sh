#!/usr/bin/env bash
# Installs PostgreSQL when missing, starts a cluster, creates a role and a test database, and
# prints the TEST_DATABASE_URL to export. Used by .ci/run; run it by hand to test on PostgreSQL:
#   eval "$(bash scripts/setup-postgres.sh)"
set -euo pipefail
log() { echo "$@" >&2; }

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  log "Installing PostgreSQL..."
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h 2>/dev/null | grep -q "^$version main"; then
  pg_createcluster "$version" main >&2
fi
if ! pg_lsclusters -h | grep "^$version main" | grep -q online; then
  pg_ctlcluster "$version" main start >&2
fi
port=$(pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $3}')
for _ in $(seq 1 30); do
  su postgres -c "pg_isready -q -p $port" && break
  sleep 1
done
su postgres -c "psql -q -p $port -tc \"SELECT 1 FROM pg_roles WHERE rolname='vm_test'\"" | grep -q 1 ||
  su postgres -c "psql -q -p $port -c \"CREATE ROLE vm_test LOGIN PASSWORD 'vm_test' SUPERUSER\"" >&2
su postgres -c "psql -q -p $port -tc \"SELECT 1 FROM pg_database WHERE datname='vm_test'\"" | grep -q 1 ||
  su postgres -c "createdb -p $port -O vm_test vm_test" >&2
echo "export TEST_DATABASE_URL=postgres://vm_test:vm_test@localhost:$port/vm_test"
