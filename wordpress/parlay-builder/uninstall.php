<?php
/**
 * Removes what the plugin stored: its settings. Posts keep their shortcodes and links.
 *
 * @package ParlayBuilder
 */

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

delete_option( 'parlay_builder_options' );
delete_site_option( 'parlay_builder_options' );
