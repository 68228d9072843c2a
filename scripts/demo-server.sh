# shellcheck shell=bash
# One `praksis dev` server with the demo schools on a throwaway Postgres, for
# the scripts that open the web app in a browser without the journeys
# (scripts/bench-web, scripts/screenshots). Source after lib.sh.

demo_server_pid=

# demo_server_start WORK: installs what is missing, starts a throwaway cluster
# in WORK/pg, builds the app (unless PRAKSIS_SKIP_BUILD=1) and serves it on a
# free port, exported as PRAKSIS_PORT; the server's log is WORK/server.log.
demo_server_start() {
	local work=$1
	ensure_apt_packages curl || die "bootstrap failed: could not install system packages"
	pg_bin >/dev/null || die "bootstrap failed: Postgres $PG_MAJOR server not available"
	ensure_chromium || die "bootstrap failed: Chromium"
	ensure_node_modules || die "bootstrap failed: node modules (npm ci)"

	pg_start_throwaway "$work/pg" || die "could not start a throwaway Postgres cluster"
	pg_create_app_db "$PG_ADMIN_URL" praksis praksis || die "could not create the praksis role and database"

	if [[ ${PRAKSIS_SKIP_BUILD:-0} == 1 ]]; then
		[[ -x bin/praksis ]] || die "bin/praksis is missing (unset PRAKSIS_SKIP_BUILD to build it)"
	else
		build_frontend || die "step failed: front-end build (npm run build)"
		build_binary || die "step failed: Go build (go build -o bin/praksis ./api/cmd/praksis)"
	fi

	PRAKSIS_PORT=$(free_port) || die "no free port for the server"
	export PRAKSIS_PORT
	HTTP_ADDR=127.0.0.1:$PRAKSIS_PORT setsid bin/praksis dev </dev/null >"$work/server.log" 2>&1 &
	demo_server_pid=$!
	if ! wait_http "http://127.0.0.1:$PRAKSIS_PORT/readyz" demo.localhost 120 "$demo_server_pid"; then
		tail -n 40 "$work/server.log" >&2
		die "the server did not become ready"
	fi
}

# demo_server_stop WORK: stops the server and removes the cluster and WORK.
demo_server_stop() {
	local work=$1
	if [[ -n $demo_server_pid ]]; then
		stop_process_group "$demo_server_pid" 20
		demo_server_pid=
	fi
	pg_remove_throwaway "$work/pg" || true
	rm -rf "$work"
}
