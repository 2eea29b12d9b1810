<?php
/**
 * [parlay_builder legs="…" books="…" region="uk" mode="grid"]: the <parlay-builder> element with
 * the attributes docs/widget.md documents (any other is dropped). Values pass to the widget as
 * written, escaped: the widget checks each and names in its own message one it cannot use.
 *
 * @package ParlayBuilder
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** The widget's attributes, each empty (left to the widget) unless the settings give a default. */
function parlay_builder_shortcode_defaults() {
	$options = parlay_builder_options();
	return array(
		'api-base'        => '',
		'leagues'         => '',
		'books'           => $options['books'],
		'legs'            => '',
		'odds-format'     => '',
		'stake'           => '',
		'theme'           => '',
		'affiliate-links' => $options['affiliate_links'],
		'region'          => $options['region'],
		'mode'            => '',
		'fair-value'      => '',
		'controls'        => '',
		'disclosure'      => '',
		'book-region'     => '',
		'storage-key'     => '',
	);
}

/**
 * Renders the shortcode.
 *
 * @param array|string $atts The shortcode's attributes ('' when it has none).
 */
function parlay_builder_shortcode( $atts ) {
	$server = parlay_builder_server_url();
	if ( '' === $server ) {
		// Nothing to show a reader; the site's editors are told what is missing.
		return current_user_can( 'edit_posts' )
			? '<p class="parlay-builder-missing">' . esc_html__( 'Parlay Builder: set the server URL under Settings > Parlay Builder.', 'parlay-builder' ) . '</p>'
			: '';
	}
	$atts = shortcode_atts( parlay_builder_shortcode_defaults(), (array) $atts, 'parlay_builder' );
	wp_enqueue_script( 'parlay-builder-widget', $server . '/widget/parlay-builder.js', array(), null, true );

	$html = '<parlay-builder';
	foreach ( $atts as $name => $value ) {
		$value = trim( (string) $value );
		if ( '' !== $value ) {
			$html .= ' ' . $name . '="' . esc_attr( $value ) . '"';
		}
	}
	return $html . '></parlay-builder>';
}

function parlay_builder_register_shortcode() {
	add_shortcode( 'parlay_builder', 'parlay_builder_shortcode' );
}
