<?php
/**
 * Installs the test site from the command line (no wp-cli in Debian): the database, WordPress, the
 * plugin from its zip (as "Upload plugin" unpacks it), its settings, and the posts. Prints as JSON
 * the posts' addresses, by title, and an editor's session: what the block editor sends the REST API
 * (its logged-in cookie and REST nonce).
 */
define( 'WP_INSTALLING', true );
$_SERVER['HTTP_HOST']   = parse_url( getenv( 'PARLAY_WP_ORIGIN' ), PHP_URL_HOST ) . ':' . parse_url( getenv( 'PARLAY_WP_ORIGIN' ), PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
// The site's own database in the shared server, made before WordPress connects to it.
$db = new mysqli( 'localhost', 'root', '', '', 0, getenv( 'PARLAY_WP_SOCKET' ) );
$db->query( 'CREATE DATABASE IF NOT EXISTS `' . $db->real_escape_string( getenv( 'PARLAY_WP_DATABASE' ) ) . '`' );
$db->close();
require getenv( 'PARLAY_WP_CONFIG' );
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

wp_install( 'Parlay test site', 'admin', 'admin@example.test', false, '', wp_generate_password( 24 ) );
switch_theme( getenv( 'PARLAY_WP_THEME' ) );
wp_set_current_user( 1 );

WP_Filesystem();
$unzipped = unzip_file( getenv( 'PARLAY_PLUGIN_ZIP' ), WP_PLUGIN_DIR );
if ( is_wp_error( $unzipped ) ) {
	fwrite( STDERR, 'unzip: ' . $unzipped->get_error_message() . "\n" );
	exit( 1 );
}
// Installed but left inactive for a site that shows what WordPress does on its own (oEmbed discovery).
$activated = '0' === getenv( 'PARLAY_ACTIVATE_PLUGIN' ) ? null : activate_plugin( 'parlay-builder/parlay-builder.php' );
if ( is_wp_error( $activated ) ) {
	fwrite( STDERR, 'activate: ' . $activated->get_error_message() . "\n" );
	exit( 1 );
}
update_option( 'parlay_builder_options', json_decode( getenv( 'PARLAY_PLUGIN_OPTIONS' ), true ) );

$links = array();
foreach ( json_decode( getenv( 'PARLAY_WP_POSTS' ), true ) as $title => $content ) {
	$id = wp_insert_post(
		array(
			'post_title'   => $title,
			'post_content' => $content,
			'post_status'  => 'publish',
		),
		true
	);
	if ( is_wp_error( $id ) ) {
		fwrite( STDERR, 'post: ' . $id->get_error_message() . "\n" );
		exit( 1 );
	}
	$links[ $title ] = get_permalink( $id );
}
$editor = wp_insert_user(
	array(
		'user_login' => 'editor',
		'user_pass'  => wp_generate_password( 24 ),
		'user_email' => 'editor@example.test',
		'role'       => 'editor',
	)
);
if ( is_wp_error( $editor ) ) {
	fwrite( STDERR, 'editor: ' . $editor->get_error_message() . "\n" );
	exit( 1 );
}
$expiration = time() + DAY_IN_SECONDS;
$cookie     = wp_generate_auth_cookie( $editor, $expiration, 'logged_in', WP_Session_Tokens::get_instance( $editor )->create( $expiration ) );
// The nonce is the session's: it is made with the cookie as this request's own.
$_COOKIE[ LOGGED_IN_COOKIE ] = $cookie;
wp_set_current_user( $editor );
// The cookie's name is the site's (md5 of its URL); this process named its own before the site existed.
echo wp_json_encode(
	array(
		'posts'  => $links,
		'editor' => array(
			'cookie' => 'wordpress_logged_in_' . md5( get_option( 'siteurl' ) ) . '=' . rawurlencode( $cookie ),
			'nonce'  => wp_create_nonce( 'wp_rest' ),
		),
	)
);
