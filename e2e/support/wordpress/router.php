<?php
/**
 * The test site's front door under `php -S`: its static files (WordPress's and the theme's) as they
 * are, every other request through WordPress, as wp-blog-header.php does.
 */
$parlay_e2e_path = (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH );
if ( preg_match( '#^/(wp-includes|wp-content)/#', $parlay_e2e_path ) && ! preg_match( '#\.php$#', $parlay_e2e_path ) && is_file( $_SERVER['DOCUMENT_ROOT'] . $parlay_e2e_path ) ) {
	return false;
}
define( 'WP_USE_THEMES', true );
require getenv( 'PARLAY_WP_CONFIG' );
wp();
require_once ABSPATH . WPINC . '/template-loader.php';
