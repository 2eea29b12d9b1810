<?php
/**
 * Plugin Name:       Parlay Builder
 * Description:       Puts the parlay builder in posts: the [parlay_builder] shortcode, and a pasted share link becomes a builder (oEmbed).
 * Version:           0.1.0
 * Requires at least: 6.0
 * Requires PHP:      7.4
 * License:           GPL-2.0-or-later
 * Text Domain:       parlay-builder
 *
 * @package ParlayBuilder
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

define( 'PARLAY_BUILDER_VERSION', '0.1.0' );

require_once __DIR__ . '/includes/options.php';
require_once __DIR__ . '/includes/shortcode.php';
require_once __DIR__ . '/includes/oembed.php';

add_action( 'init', 'parlay_builder_register_shortcode' );
add_action( 'init', 'parlay_builder_register_oembed_provider' );
add_action( 'admin_init', 'parlay_builder_register_settings' );
add_action( 'admin_menu', 'parlay_builder_add_options_page' );
