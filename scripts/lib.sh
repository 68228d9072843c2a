# shellcheck shell=bash
# Shared helpers for the scripts in this directory. Source it; do not run it.
#
#   source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
#
# Functions report problems on stderr and return non-zero (die exits), so they
# behave the same whether or not the caller uses `set -e`.

if [[ -n ${_PRAKSIS_LIB_LOADED:-} ]]; then
	return 0
fi
_PRAKSIS_LIB_LOADED=1

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
PRAKSIS_SCRIPT=$(basename "${0:-praksis}")

# Postgres major version the project is built and tested against.
PG_MAJOR=15
CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium}

# ---------------------------------------------------------------------------
# Messages

# log MESSAGE...: a time-stamped line on stderr.
log() {
	printf '%s [%s] %s\n' "$(date +%H:%M:%S)" "$PRAKSIS_SCRIPT" "$*" >&2
}

# warn MESSAGE...: like log, marked as a warning.
warn() {
	log "warning: $*"
}

# die MESSAGE...: log an error and exit 1.
die() {
	log "error: $*"
	exit 1
}

# ---------------------------------------------------------------------------
# Privileges

is_root() {
	[[ $(id -u) -eq 0 ]]
}

# need_root_or_sudo [WHY]: succeed when root, or when sudo is available.
need_root_or_sudo() {
	if is_root || command -v sudo >/dev/null 2>&1; then
		return 0
	fi
	log "error: root privileges are needed${1:+ to $1}, and sudo is not installed; run as root or install sudo"
	return 1
}

# as_root CMD...: run CMD as root (through sudo when not root).
as_root() {
	if is_root; then
		"$@"
	else
		need_root_or_sudo || return 1
		sudo -- "$@"
	fi
}

# ---------------------------------------------------------------------------
# System packages (Debian)

_PRAKSIS_APT_UPDATED=${_PRAKSIS_APT_UPDATED:-0}

# apt_package_installed PKG: true when dpkg knows PKG as installed.
apt_package_installed() {
	local status
	status=$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) || return 1
	[[ $status == "install ok installed" ]]
}

_apt_lists_present() {
	compgen -G '/var/lib/apt/lists/*_Packages*' >/dev/null
}

_apt_update() {
	log "running apt-get update"
	as_root env DEBIAN_FRONTEND=noninteractive \
		apt-get -q -o DPkg::Lock::Timeout=600 update >&2 || return 1
	_PRAKSIS_APT_UPDATED=1
	export _PRAKSIS_APT_UPDATED
}

_apt_install() {
	as_root env DEBIAN_FRONTEND=noninteractive \
		apt-get -y -q -o DPkg::Lock::Timeout=600 install "$@" >&2
}

# ensure_apt_packages PKG...: install the packages that are not installed yet.
# Runs apt-get update at most once, and only when the package lists are
# missing or an install fails without it.
ensure_apt_packages() {
	local pkg missing=()
	command -v dpkg-query >/dev/null 2>&1 || {
		log "error: dpkg-query not found; install these packages by hand: $*"
		return 1
	}
	for pkg in "$@"; do
		apt_package_installed "$pkg" || missing+=("$pkg")
	done
	if [[ ${#missing[@]} -eq 0 ]]; then
		return 0
	fi
	log "installing missing system packages: ${missing[*]}"
	need_root_or_sudo "install ${missing[*]}" || return 1
	if [[ $_PRAKSIS_APT_UPDATED != 1 ]] && ! _apt_lists_present; then
		_apt_update || { log "error: apt-get update failed"; return 1; }
	fi
	if ! _apt_install "${missing[@]}"; then
		if [[ $_PRAKSIS_APT_UPDATED == 1 ]]; then
			log "error: apt-get install ${missing[*]} failed"
			return 1
		fi
		log "install failed; updating the package lists and retrying"
		_apt_update || { log "error: apt-get update failed"; return 1; }
		_apt_install "${missing[@]}" || {
			log "error: apt-get install ${missing[*]} failed"
			return 1
		}
	fi
	for pkg in "${missing[@]}"; do
		apt_package_installed "$pkg" || {
			log "error: package $pkg is still not installed"
			return 1
		}
	done
}

# ensure_chromium: Debian's Chromium at $CHROMIUM_PATH (and basic fonts).
# Exports CHROMIUM_PATH.
ensure_chromium() {
	if [[ ! -x $CHROMIUM_PATH ]] || ! apt_package_installed fonts-liberation; then
		ensure_apt_packages chromium fonts-liberation || return 1
	fi
	if [[ ! -x $CHROMIUM_PATH ]]; then
		log "error: Chromium is not at $CHROMIUM_PATH after installing the chromium package"
		return 1
	fi
	export CHROMIUM_PATH
}

# ---------------------------------------------------------------------------
# Postgres

# pg_bin: print the Postgres $PG_MAJOR bin directory, installing the server
# (package postgresql) when initdb is missing. Sets PG_BIN. PRAKSIS_PG_BIN
# overrides the directory.
pg_bin() {
	local dir=${PRAKSIS_PG_BIN:-${PG_BIN:-/usr/lib/postgresql/$PG_MAJOR/bin}}
	if [[ ! -x $dir/initdb ]]; then
		if [[ -n ${PRAKSIS_PG_BIN:-} ]]; then
			log "error: PRAKSIS_PG_BIN=$PRAKSIS_PG_BIN has no initdb"
			return 1
		fi
		log "Postgres $PG_MAJOR server binaries not found in $dir"
		ensure_apt_packages postgresql || return 1
		dir=/usr/lib/postgresql/$PG_MAJOR/bin
		if [[ ! -x $dir/initdb ]]; then
			log "error: initdb not found in $dir after installing postgresql (Postgres $PG_MAJOR is expected, as on Debian 12)"
			return 1
		fi
	fi
	PG_BIN=$dir
	printf '%s\n' "$PG_BIN"
}

# _pg_owner_run CMD...: run a Postgres server command as the cluster owner
# (the postgres user when we are root, since initdb and postgres refuse root).
_pg_owner_run() {
	if is_root; then
		(cd / && runuser -u postgres -- "$@")
	else
		"$@"
	fi
}

# _pg_port_of DATADIR: the port a running cluster listens on (postmaster.pid).
_pg_port_of() {
	sed -n 4p "$1/postmaster.pid" 2>/dev/null
}

# pg_is_running DIR: true when the cluster in DIR/data is running.
pg_is_running() {
	local bin
	[[ -f $1/data/postmaster.pid ]] || return 1
	bin=$(pg_bin) || return 1
	_pg_owner_run "$bin/pg_ctl" -D "$1/data" status >/dev/null 2>&1
}

# pg_start DIR PORT: start the cluster in DIR (data in DIR/data, socket in
# DIR/run, log in DIR/postgres.log), creating it when DIR is new. When it is
# already running, reuse it (on whatever port it has). Sets and exports
# PG_ADMIN_URL; sets PG_PORT, PG_DIR and PG_STARTED_HERE (1 when this call
# started the server, 0 when it was already running). PG_EXTRA_OPTS, when
# set, adds server options (such as -c shared_preload_libraries=...).
pg_start() {
	local dir=${1:-} port=${2:-} bin data run logfile owner started
	if [[ -z $dir || -z $port ]]; then
		log "error: usage: pg_start DIR PORT"
		return 1
	fi
	bin=$(pg_bin) || return 1
	mkdir -p "$dir" || return 1
	dir=$(cd "$dir" && pwd -P) || return 1
	data=$dir/data
	run=$dir/run
	logfile=$dir/postgres.log

	if is_root; then
		id postgres >/dev/null 2>&1 || {
			log "error: user postgres does not exist (install the postgresql package)"
			return 1
		}
		if [[ ! -e $data ]]; then
			chown postgres:postgres "$dir" || return 1
		fi
		if ! runuser -u postgres -- test -w "$dir" -a -x "$dir"; then
			log "error: user postgres cannot write $dir (is a parent directory private to root?); use a directory such as /tmp/..."
			return 1
		fi
		owner=postgres
	else
		owner=$(id -un)
	fi
	if [[ -e $data ]]; then
		local data_owner
		data_owner=$(stat -c %U "$data")
		if [[ $data_owner != "$owner" ]]; then
			log "error: $data belongs to $data_owner, but the server would run as $owner; remove $dir or run as that user"
			return 1
		fi
	fi

	if [[ ! -s $data/PG_VERSION ]]; then
		log "creating Postgres cluster in $data"
		rm -rf "$data"
		_pg_owner_run "$bin/initdb" -D "$data" -U postgres -A trust -E UTF8 \
			--locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 || {
			tail -n 20 "$dir/initdb.log" >&2
			log "error: initdb failed (full log: $dir/initdb.log)"
			return 1
		}
	fi
	_pg_owner_run mkdir -p "$run" || return 1

	if pg_is_running "$dir"; then
		local actual
		actual=$(_pg_port_of "$data")
		if [[ -n $actual && $actual != "$port" ]]; then
			warn "cluster in $dir is already running on port $actual (not $port); using it"
			port=$actual
		else
			log "reusing running Postgres cluster in $dir (port $port)"
		fi
		started=0
	else
		log "starting Postgres $PG_MAJOR on 127.0.0.1:$port ($dir)"
		if ! _pg_owner_run "$bin/pg_ctl" -D "$data" -l "$logfile" -w -t 60 \
			-o "-k '$run' -p $port -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 -c shared_buffers=128MB ${PG_EXTRA_OPTS:-}" \
			start >/dev/null; then
			tail -n 20 "$logfile" >&2 2>/dev/null || true
			log "error: Postgres did not start on port $port (full log: $logfile)"
			return 1
		fi
		started=1
	fi
	# Read by the scripts that source this file.
	# shellcheck disable=SC2034
	PG_DIR=$dir PG_PORT=$port PG_STARTED_HERE=$started
	PG_ADMIN_URL="postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
	export PG_ADMIN_URL
}

# pg_start_throwaway DIR: pg_start on a free port, retrying with another port
# when the first one was taken in the meantime.
pg_start_throwaway() {
	local attempt port
	for attempt in 1 2 3; do
		port=$(free_port) || return 1
		if pg_start "$1" "$port"; then
			return 0
		fi
		[[ -s $1/data/PG_VERSION ]] || return 1
		log "retrying with another port (attempt $attempt failed)"
	done
	return 1
}

# pg_stop DIR: stop the cluster in DIR when it runs (fast shutdown, then
# immediate if needed). Quiet; succeeds when nothing runs.
pg_stop() {
	local dir=${1:-} bin
	[[ -n $dir && -f $dir/data/postmaster.pid ]] || return 0
	bin=$(pg_bin 2>/dev/null) || return 1
	_pg_owner_run "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null 2>&1 && return 0
	pg_is_running "$dir" || return 0
	_pg_owner_run "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >/dev/null 2>&1
}

# pg_remove_throwaway DIR: stop the cluster in DIR and delete DIR.
pg_remove_throwaway() {
	local dir=${1:-}
	[[ -n $dir && -d $dir ]] || return 0
	pg_stop "$dir" || warn "could not stop Postgres in $dir"
	rm -rf "$dir"
}

# _pg_hostport URL: the host:port part of a postgres:// URL.
_pg_hostport() {
	local re='^postgres(ql)?://([^@/?]*@)?([^/?]+)'
	if [[ $1 =~ $re ]]; then
		printf '%s\n' "${BASH_REMATCH[3]}"
	else
		return 1
	fi
}

# pg_create_app_db ADMIN_URL DBNAME ROLE: create (idempotently) the login
# role ROLE (LOGIN CREATEROLE NOINHERIT) and the database DBNAME owned by it.
# Sets, exports and logs DATABASE_URL for that role and database.
pg_create_app_db() {
	local admin_url=${1:-} db=${2:-} role=${3:-} bin hostport
	if [[ -z $admin_url || -z $db || -z $role ]]; then
		log "error: usage: pg_create_app_db ADMIN_URL DBNAME ROLE"
		return 1
	fi
	hostport=$(_pg_hostport "$admin_url") || {
		log "error: cannot read host and port from $admin_url"
		return 1
	}
	bin=$(pg_bin) || return 1
	"$bin/psql" "$admin_url" -X -q -v ON_ERROR_STOP=1 -v role="$role" -v db="$db" >/dev/null <<'SQL' || {
SELECT format('CREATE ROLE %I LOGIN CREATEROLE NOINHERIT', :'role')
 WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'role') \gexec
SELECT format('ALTER ROLE %I LOGIN CREATEROLE NOINHERIT', :'role') \gexec
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'role')
 WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
SELECT format('ALTER DATABASE %I OWNER TO %I', :'db', :'role') \gexec
SQL
		log "error: could not create role $role and database $db"
		return 1
	}
	DATABASE_URL="postgres://$role@$hostport/$db?sslmode=disable"
	export DATABASE_URL
	log "DATABASE_URL=$DATABASE_URL"
}

# ---------------------------------------------------------------------------
# Network

_port_in_use() {
	if command -v ss >/dev/null 2>&1; then
		ss -Htan "sport = :$1" 2>/dev/null | grep -q . && return 0
	fi
	(exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# free_port: print a TCP port on 127.0.0.1 that nothing uses. Picks at random
# below the kernel's ephemeral range, so it does not race with outgoing
# connections, and away from the fixed development ports.
free_port() {
	local i port
	for ((i = 0; i < 500; i++)); do
		port=$((20000 + (RANDOM * 32768 + RANDOM) % 12000))
		if ! _port_in_use "$port"; then
			printf '%s\n' "$port"
			return 0
		fi
	done
	log "error: found no free TCP port on 127.0.0.1"
	return 1
}

# wait_http URL HOSTHEADER TIMEOUT [PID]: poll URL (with "Host: HOSTHEADER")
# until it answers 200. Fails after TIMEOUT seconds, or as soon as process
# PID (when given) has exited.
wait_http() {
	local url=${1:-} host=${2:-} timeout=${3:-60} pid=${4:-} code deadline
	if [[ -z $url || -z $host ]]; then
		log "error: usage: wait_http URL HOSTHEADER TIMEOUT [PID]"
		return 1
	fi
	deadline=$((SECONDS + timeout))
	while :; do
		code=$(curl -s -o /dev/null -w '%{http_code}' --noproxy '*' --max-time 5 \
			-H "Host: $host" "$url" 2>/dev/null) || true
		[[ $code == 200 ]] && return 0
		if [[ -n $pid ]] && ! kill -0 "$pid" 2>/dev/null; then
			log "error: the server (pid $pid) exited before $url answered 200"
			return 1
		fi
		if ((SECONDS >= deadline)); then
			log "error: $url (Host: $host) did not answer 200 within ${timeout}s (last status: ${code:-none})"
			return 1
		fi
		sleep 0.3
	done
}

# stop_process_group PID [TIMEOUT]: SIGTERM the process group led by PID
# (started with setsid), wait up to TIMEOUT seconds, then SIGKILL.
stop_process_group() {
	local pid=${1:-} timeout=${2:-20} i
	[[ -n $pid ]] || return 0
	kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
	kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
	for ((i = 0; i < timeout * 10; i++)); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	if kill -0 "$pid" 2>/dev/null; then
		warn "process $pid did not stop within ${timeout}s; killing it"
		kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
	fi
	wait "$pid" 2>/dev/null || true
	# Leftover children in the group (if any).
	kill -KILL -- "-$pid" 2>/dev/null || true
}

# ---------------------------------------------------------------------------
# Builds

# ensure_node_modules: npm ci at the repository root when node_modules is
# missing or older than package-lock.json.
ensure_node_modules() {
	local lock=$REPO_ROOT/package-lock.json stamp=$REPO_ROOT/node_modules/.package-lock.json
	if [[ ! -f $REPO_ROOT/package.json ]]; then
		log "error: no package.json at the repository root ($REPO_ROOT)"
		return 1
	fi
	if [[ ! -f $lock ]]; then
		log "error: no package-lock.json at the repository root; run 'npm install' once and commit the lock file"
		return 1
	fi
	if [[ -f $stamp && ! $lock -nt $stamp ]]; then
		return 0
	fi
	command -v npm >/dev/null 2>&1 || {
		log "error: npm not found (Node 20 and npm are required)"
		return 1
	}
	log "installing node modules (npm ci)"
	(cd "$REPO_ROOT" && npm ci --no-audit --no-fund) >&2 || {
		log "error: npm ci failed"
		return 1
	}
}

# build_frontend: npm run build at the repository root.
build_frontend() {
	ensure_node_modules || return 1
	log "building the front end (npm run build)"
	(cd "$REPO_ROOT" && npm run build) >&2 || {
		log "error: front-end build failed (npm run build)"
		return 1
	}
}

# build_binary: go build -o bin/praksis ./api/cmd/praksis.
build_binary() {
	command -v go >/dev/null 2>&1 || {
		log "error: go not found (Go 1.26 is required)"
		return 1
	}
	log "building bin/praksis (go build ./api/cmd/praksis)"
	(cd "$REPO_ROOT" && go build -o bin/praksis ./api/cmd/praksis) >&2 || {
		log "error: Go build failed (go build -o bin/praksis ./api/cmd/praksis)"
		return 1
	}
}

# now_us: the current time in microseconds (for step timings).
now_us() {
	printf '%s\n' "${EPOCHREALTIME//[!0-9]/}"
}

# format_seconds MICROSECONDS: seconds with one decimal.
format_seconds() {
	local us=$1
	printf '%d.%d\n' $((us / 1000000)) $(((us % 1000000) / 100000))
}

# ---------------------------------------------------------------------------
# School data for load and cluster tests

# school_sql DATABASE_URL SLUG [psql args...]: run psql on the application
# database inside the school's scope, in one transaction that first sets the
# school's search path and role (as the service does). SQL comes from the
# psql arguments (-f FILE, -c SQL; -f - for stdin); -v NAME=VALUE sets
# variables.
school_sql() {
	local url=${1:-} slug=${2:-} bin scope
	if [[ -z $url || -z $slug ]]; then
		log "error: usage: school_sql DATABASE_URL SLUG [psql args...]"
		return 1
	fi
	shift 2
	bin=$(pg_bin) || return 1
	scope=$("$bin/psql" "$url" -X -q -At -v ON_ERROR_STOP=1 -v slug="$slug" <<'SQL'
SELECT format('SELECT set_config(''search_path'', %L, true), set_config(''role'', %L, true)', schema_name, db_role)
  FROM control.tenants WHERE slug = :'slug'
SQL
	) || return 1
	if [[ -z $scope ]]; then
		log "error: no school $slug in the registry"
		return 1
	fi
	"$bin/psql" "$url" -X -q -v ON_ERROR_STOP=1 -1 -o /dev/null -c "$scope" "$@"
}

# seed_demo_school DATABASE_URL SLUG: load the demo data (schema/demo/seed.sql)
# into a new, migrated school.
seed_demo_school() {
	school_sql "$1" "$2" -f "$REPO_ROOT/schema/demo/seed.sql" || {
		log "error: could not load the demo data into $2"
		return 1
	}
}

# seed_load_users DATABASE_URL SLUG STUDENTS TEACHERS: add generated people to
# a demo school's current class (SYKP2100, Høst 2026): TEACHERS teachers
# load.teacher.N@SLUG.test and STUDENTS students load.student.N@stud.SLUG.test
# (N from 1; the school in the address, so that a code e-mailed by one school
# is never taken for another's), every student with a teacher among them (round robin), a
# supervisor (Hilde Bakken or Anders Moen) and a delivered mid-placement
# assessment by the student and by the supervisor. Idempotent.
seed_load_users() {
	local url=${1:-} slug=${2:-} students=${3:-} teachers=${4:-}
	if [[ -z $url || -z $slug || ! $students =~ ^[0-9]+$ || ! $teachers =~ ^[1-9][0-9]*$ ]]; then
		log "error: usage: seed_load_users DATABASE_URL SLUG STUDENTS TEACHERS"
		return 1
	fi
	school_sql "$url" "$slug" -v students="$students" -v teachers="$teachers" -v school="$slug" -f - <<'SQL' || {
insert into users (display_name, email, feide_id, language, is_active, privacy_policy_accepted_at)
select format('%s Lærersen %s', (array['Kari','Ola','Liv','Per','Anne','Jon'])[1 + i % 6], i),
       format('load.teacher.%s@%s.test', i, :'school'), format('load.teacher.%s@%s.test', i, :'school'), 'nb', true, now()
from generate_series(1, :teachers) i
on conflict ((lower(email))) do nothing;

insert into users (display_name, email, feide_id, language, is_active, privacy_policy_accepted_at)
select format('%s %s', (array['Ida','Emil','Nora','Jakob','Sofie','Filip','Ella','Lukas','Maja','Henrik'])[1 + i % 10],
              (array['Hansen','Johansen','Olsen','Larsen','Andersen','Pedersen','Nilsen','Kristiansen','Jensen','Karlsen'])[1 + (i / 10) % 10]),
       format('load.student.%s@stud.%s.test', i, :'school'), format('load.student.%s@%s.test', i, :'school'), 'nb', true, now()
from generate_series(1, :students) i
on conflict ((lower(email))) do nothing;

-- Two statements, not one with UNION ALL: Citus 13.2 sends such an INSERT …
-- SELECT into a table with column defaults to a worker without them.
insert into user_roles (user_id, role_id)
select u.id, r.id from users u join roles r on r.name = 'Teacher' where u.email like 'load.teacher.%'
on conflict do nothing;
insert into user_roles (user_id, role_id)
select u.id, r.id from users u join roles r on r.name = 'Student' where u.email like 'load.student.%'
on conflict do nothing;

create temporary view load_class as
select c.id, c.subject_id from classes c
join periods p on p.id = c.period_id join subjects s on s.id = c.subject_id
where p.name = 'Høst 2026' and s.subject_code = 'SYKP2100';

insert into class_teachers (class_id, user_id)
select lc.id, u.id from load_class lc cross join users u where u.email like 'load.teacher.%'
on conflict do nothing;

insert into class_students (class_id, user_id)
select lc.id, u.id from load_class lc cross join users u where u.email like 'load.student.%'
on conflict do nothing;

insert into student_references (class_id, student_user_id, advisor_user_id, teacher_user_id, is_primary)
select lc.id, st.id, ad.id, te.id, true
from load_class lc
cross join lateral (
    select u.id, substring(u.email from 'load\.student\.([0-9]+)@')::int as n from users u where u.email like 'load.student.%'
) st
join users te on lower(te.email) = format('load.teacher.%s@%s.test', 1 + (st.n - 1) % :teachers, :'school')
join users ad on lower(ad.email) = case when st.n % 2 = 0 then 'hilde.bakken@sykehus.test' else 'anders.moen@sykehus.test' end
where not exists (select 1 from student_references r where r.class_id = lc.id and r.student_user_id = st.id);

with mid as (
    select a.id, a.form_id, a.class_id, lc.subject_id
    from load_class lc
    join assignments a on a.class_id = lc.id and a.is_mid_semester
    join forms f on f.id = a.form_id and f.is_main_form
),
people as (
    select r.student_user_id, r.advisor_user_id from student_references r
    join users u on u.id = r.student_user_id
    where r.class_id = (select id from load_class) and u.email like 'load.student.%'
),
sets as (
    insert into answer_sets (assignment_id, form_id, student_user_id, user_id, class_id, subject_id,
                             is_mid_semester, delivered_at, version, created_at, updated_at)
    select mid.id, mid.form_id, p.student_user_id, w.user_id, mid.class_id, mid.subject_id,
           true, '2026-10-08 20:00+02', 3, '2026-10-05 18:00+02', '2026-10-08 20:00+02'
    from mid cross join people p
    cross join lateral (values (p.student_user_id), (p.advisor_user_id)) w(user_id)
    on conflict (assignment_id, student_user_id, user_id) do nothing
    returning id, form_id
)
insert into answers (answer_set_id, question_id, value, created_at, updated_at)
select sets.id, q.id, ((sets.id * 7 + q.id * 3) % 4)::text, '2026-10-08 20:00+02', '2026-10-08 20:00+02'
from sets
join question_groups g on g.form_id = sets.form_id and g.type = 2
join questions q on q.group_id = g.id;

-- The new sets' answered questions, which the save keeps for its own writes.
update answer_sets s set answered_questions = x.ids
  from (select a.answer_set_id, array_agg(a.question_id order by a.question_id) as ids
          from answers a join questions q on q.id = a.question_id join question_groups g on g.id = q.group_id
         where g.type in (1, 2) and a.value is not null and btrim(a.value) <> ''
         group by a.answer_set_id) x
 where s.id = x.answer_set_id and s.answered_questions = '{}';
SQL
		log "error: could not add the generated people to $slug"
		return 1
	}
}

# ---------------------------------------------------------------------------
# Citus

# Citus release the project runs on, and where its source comes from.
CITUS_VERSION=13.2.2
CITUS_SRC=${CITUS_SRC:-$REPO_ROOT/../shared/vendor/citus/citus-$CITUS_VERSION.tar.gz}

# citus_installed_version: print the default_version of the installed citus
# extension when its library is installed too; fail when either is missing.
citus_installed_version() {
	local bin libdir sharedir control
	bin=$(pg_bin) || return 1
	libdir=$("$bin/pg_config" --pkglibdir 2>/dev/null || pg_config --pkglibdir) || return 1
	sharedir=$("$bin/pg_config" --sharedir 2>/dev/null || pg_config --sharedir) || return 1
	control=$sharedir/extension/citus.control
	[[ -f $libdir/citus.so && -f $control ]] || return 1
	sed -n "s/^default_version *= *'\([^']*\)'.*/\1/p" "$control"
}

# Patches of this repository to Citus $CITUS_VERSION, applied after those
# beside the source: a fix for INSERT … SELECT into a table of a distributed
# schema whose target has a column default (such as now()), which Citus
# 13.2.2 sends to the worker with an empty "( IS NOT NULL)" filter.
CITUS_PATCHES=$REPO_ROOT/scripts/citus

# _citus_patch_stamp: the checksum of this repository's Citus patches, which
# an installed Citus records (citus.praksis-patches beside its control file).
_citus_patch_stamp() {
	cat "$CITUS_PATCHES"/*.patch 2>/dev/null | sha256sum | cut -c1-16
}

# citus_current: succeed when Citus $CITUS_VERSION with this repository's
# patches is installed into the Postgres $PG_MAJOR server (ensure_citus has
# nothing to do).
citus_current() {
	local have sharedir
	have=$(citus_installed_version 2>/dev/null) || return 1
	sharedir=$("$(pg_bin)/pg_config" --sharedir) || return 1
	[[ $have == "${CITUS_VERSION%.*}"* && $(cat "$sharedir/extension/citus.praksis-patches" 2>/dev/null) == "$(_citus_patch_stamp)" ]]
}

# citus_build_deps: install from Debian what building Citus needs (the
# Postgres $PG_MAJOR server and its headers, compilers, libraries). Apart
# from ensure_citus, so that a caller building in the background installs
# them first, while no other apt runs.
citus_build_deps() {
	pg_bin >/dev/null || return 1
	ensure_apt_packages "postgresql-server-dev-$PG_MAJOR" liblz4-dev libzstd-dev libkrb5-dev libssl-dev \
		libselinux1-dev libxslt1-dev libpam0g-dev libreadline-dev libicu-dev autoconf flex make gcc
}

# ensure_citus: build and install Citus $CITUS_VERSION into the Postgres
# $PG_MAJOR server from $CITUS_SRC (a release tarball, or an unpacked tree)
# with the patches beside the tarball and this repository's
# ($CITUS_PATCHES), unless that version with these patches is installed
# (citus_current). Installs the build dependencies (citus_build_deps).
ensure_citus() {
	local have build src patch stamp sharedir
	if citus_current; then
		return 0
	fi
	have=$(citus_installed_version 2>/dev/null) || have=
	stamp=$(_citus_patch_stamp)
	sharedir=$("$(pg_bin)/pg_config" --sharedir) || return 1
	log "Citus ${have:-not installed}; building Citus $CITUS_VERSION from $CITUS_SRC (several minutes)"
	citus_build_deps || return 1
	build=$(mktemp -d "${TMPDIR:-/tmp}/praksis-citus-build.XXXXXX") || return 1
	if [[ -d $CITUS_SRC ]]; then
		cp -a "$CITUS_SRC" "$build/src" || { rm -rf "$build"; return 1; }
		src=$build/src
	elif [[ -f $CITUS_SRC ]]; then
		tar -xzf "$CITUS_SRC" -C "$build" || { log "error: cannot unpack $CITUS_SRC"; rm -rf "$build"; return 1; }
		src=$(find "$build" -mindepth 1 -maxdepth 1 -type d | head -n 1)
	else
		log "error: no Citus source at $CITUS_SRC (set CITUS_SRC to a release tarball or tree)"
		rm -rf "$build"
		return 1
	fi
	if [[ -f $CITUS_SRC ]]; then
		for patch in "$(dirname "$CITUS_SRC")"/*.patch; do
			[[ -f $patch ]] || continue
			# Only Postgres minor releases that declare
			# have_createdb_privilege() themselves need Citus's copy gone.
			if [[ $patch == *createdb-privilege* ]] &&
				! grep -q have_createdb_privilege "$("$(pg_bin)/pg_config" --includedir-server)/commands/dbcommands.h"; then
				log "not applying $(basename "$patch"): these Postgres headers do not declare have_createdb_privilege()"
				continue
			fi
			log "applying $(basename "$patch")"
			(cd "$src" && patch -p1 --forward <"$patch") >&2 || {
				log "error: patch $patch does not apply"
				rm -rf "$build"
				return 1
			}
		done
	fi
	for patch in "$CITUS_PATCHES"/*.patch; do
		[[ -f $patch ]] || continue
		log "applying $(basename "$patch")"
		(cd "$src" && patch -p1 --forward <"$patch") >&2 || {
			log "error: patch $patch does not apply"
			rm -rf "$build"
			return 1
		}
	done
	(
		cd "$src" &&
			PG_CONFIG=$(pg_bin)/pg_config ./configure --without-libcurl >"$build/configure.log" 2>&1 &&
			nice -n 10 make -j"$(nproc)" with_llvm=no >"$build/make.log" 2>&1 &&
			as_root make install with_llvm=no >"$build/install.log" 2>&1
	) || {
		tail -n 30 "$build"/*.log >&2
		log "error: the Citus build failed (logs above)"
		rm -rf "$build"
		return 1
	}
	rm -rf "$build"
	have=$(citus_installed_version) || { log "error: Citus is not installed after make install"; return 1; }
	as_root tee "$sharedir/extension/citus.praksis-patches" <<<"$stamp" >/dev/null || return 1
	log "Citus $have installed"
}

# Server options every Citus node runs with: the extension, logical
# decoding for online moves, and a short connection timeout between nodes,
# so that a request for a school on a stopped worker fails within seconds.
CITUS_NODE_OPTS="-c shared_preload_libraries=citus -c wal_level=logical -c max_replication_slots=20 -c max_wal_senders=20 -c max_worker_processes=20 -c citus.node_connection_timeout=2000"

# _citus_hba DIR ROLE: the node's pg_hba.conf: the superuser and the
# application role ROLE from this machine without a password (as every
# throwaway cluster here); every other role (the schools' roles, which Citus
# uses between the nodes) only with its password and only from the nodes'
# address; nothing from anywhere else.
_citus_hba() {
	local dir=$1 role=$2 bin
	bin=$(pg_bin) || return 1
	_pg_owner_run tee "$dir/data/pg_hba.conf" >/dev/null <<HBA || return 1
# TYPE  DATABASE  USER              ADDRESS        METHOD
local   all       postgres,$role                   trust
local   all       all                              reject
host    all       postgres,$role    127.0.0.1/32   trust
host    all       all               127.0.0.1/32   scram-sha-256
host    all       all               all            reject
HBA
	_pg_owner_run "$bin/pg_ctl" -D "$dir/data" reload >/dev/null
}

# citus_start DIR [DBNAME ROLE]: a Citus cluster on free loopback ports: a
# coordinator (DIR/coordinator) and two workers (DIR/worker-1, DIR/worker-2),
# each its own Postgres cluster with $CITUS_NODE_OPTS, Citus built first when
# missing (ensure_citus). On every node the database DBNAME (default
# praksis) owned by the login role ROLE (default praksis), with the citus
# extension; the coordinator registered and both workers added. The
# application role may keep the nodes' passwords of the schools' roles
# (pg_dist_authinfo) and may create trigger-guarded tables (the audit log)
# in distributed schemas. Sets and exports DATABASE_URL (the coordinator),
# CITUS_ADMIN_URL (the coordinator's DBNAME as the superuser),
# CITUS_COORDINATOR_PORT and CITUS_WORKER_PORTS ("port1 port2"). Reuses
# running nodes, and starts stopped ones on the ports they had.
citus_start() {
	local dir=${1:-} db=${2:-praksis} role=${3:-praksis} node bin coord worker port ports=()
	if [[ -z $dir ]]; then
		log "error: usage: citus_start DIR [DBNAME ROLE]"
		return 1
	fi
	ensure_citus || return 1
	bin=$(pg_bin) || return 1
	# Every node up first: on a node that has Citus already, statements
	# are passed on to the others.
	for node in coordinator worker-1 worker-2; do
		# A node keeps its port: the coordinator's metadata names it.
		if [[ -s $dir/$node/port ]]; then
			PG_EXTRA_OPTS=$CITUS_NODE_OPTS pg_start "$dir/$node" "$(cat "$dir/$node/port")" || return 1
		else
			PG_EXTRA_OPTS=$CITUS_NODE_OPTS pg_start_throwaway "$dir/$node" || return 1
			_pg_owner_run tee "$PG_DIR/port" <<<"$PG_PORT" >/dev/null || return 1
		fi
		_citus_hba "$PG_DIR" "$role" || { log "error: could not write pg_hba.conf of $node"; return 1; }
		ports+=("$PG_PORT")
	done
	for port in "${ports[@]:1}" "${ports[0]}"; do
		# A node set up before is left as it is (Citus refuses DDL on a
		# worker).
		if "$bin/psql" "postgres://postgres@127.0.0.1:$port/$db?sslmode=disable" -X -q -At \
			-c "SELECT 1 FROM pg_extension WHERE extname = 'citus'" 2>/dev/null | grep -q 1; then
			continue
		fi
		pg_create_app_db "postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable" "$db" "$role" || return 1
		"$bin/psql" "postgres://postgres@127.0.0.1:$port/$db?sslmode=disable" -X -q -v ON_ERROR_STOP=1 \
			-v db="$db" -v role="$role" >/dev/null <<'SQL' || {
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS citus;
SELECT format('ALTER DATABASE %I SET citus.enable_unsafe_triggers = on', :'db') \gexec
SELECT format('GRANT SELECT, INSERT, UPDATE, DELETE ON pg_dist_authinfo TO %I', :'role') \gexec
SQL
			log "error: could not set up Citus on the node on port $port"
			return 1
		}
	done
	coord=${ports[0]}
	CITUS_ADMIN_URL="postgres://postgres@127.0.0.1:$coord/$db?sslmode=disable"
	"$bin/psql" "$CITUS_ADMIN_URL" -X -q -v ON_ERROR_STOP=1 -v coord="$coord" >/dev/null \
		-c "SELECT citus_set_coordinator_host('127.0.0.1', $coord)" || {
		log "error: could not register the coordinator"
		return 1
	}
	for worker in "${ports[@]:1}"; do
		"$bin/psql" "$CITUS_ADMIN_URL" -X -q -At -v ON_ERROR_STOP=1 >/dev/null -c \
			"SELECT citus_add_node('127.0.0.1', $worker) WHERE NOT EXISTS (SELECT 1 FROM pg_dist_node WHERE nodeport = $worker)" || {
			log "error: could not add the worker on port $worker"
			return 1
		}
	done
	CITUS_COORDINATOR_PORT=$coord
	CITUS_WORKER_PORTS="${ports[*]:1}"
	DATABASE_URL="postgres://$role@127.0.0.1:$coord/$db?sslmode=disable"
	export DATABASE_URL CITUS_ADMIN_URL CITUS_COORDINATOR_PORT CITUS_WORKER_PORTS
	log "Citus: coordinator 127.0.0.1:$coord, workers 127.0.0.1:${ports[1]} and 127.0.0.1:${ports[2]}"
}

# citus_stop DIR: stop every node of the Citus cluster in DIR.
citus_stop() {
	local node
	for node in worker-1 worker-2 coordinator; do
		pg_stop "$1/$node" || warn "could not stop the Citus $node in $1"
	done
}
