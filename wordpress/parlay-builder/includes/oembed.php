<?php
/**
 * Our server as a trusted oEmbed provider for its share links and /embed URLs, so a pasted link
 * becomes a builder in the editor and the post. Trusted, WordPress keeps the answer's html whole:
 * the iframe and the script that sizes it.
 *
 * @package ParlayBuilder
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

function parlay_builder_register_oembed_provider() {
	$server = parlay_builder_server_url();
	$host   = wp_parse_url( $server, PHP_URL_HOST );
	if ( '' === $server || ! is_string( $host ) ) {
		return;
	}
	$port = wp_parse_url( $server, PHP_URL_PORT );
	$site = preg_quote( $host . ( $port ? ':' . $port : '' ), '#' );
	// A share link (/?legs=…) or an /embed URL; the server answers 404 for anything it will not embed.
	wp_oembed_add_provider( '#^https?://' . $site . '/(embed/?)?\?.+#i', $server . '/oembed', true );
}
