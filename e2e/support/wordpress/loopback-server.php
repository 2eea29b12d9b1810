<?php
/**
 * A must-use plugin of the test site only: our server runs on loopback on a test port, which
 * WordPress's safe HTTP client refuses by default (a real server is public, on 443).
 */
add_filter(
	'http_request_host_is_external',
	function ( $external, $host ) {
		return $external || '127.0.0.1' === $host;
	},
	10,
	2
);
add_filter(
	'http_allowed_safe_ports',
	function ( $ports ) {
		return array_merge( $ports, array( PARLAY_E2E_SERVER_PORT ) );
	}
);
