<?php
/**
 * The plugin's settings (Settings > Parlay Builder): where our server is, and the defaults every
 * builder on the site starts from unless its shortcode says otherwise.
 *
 * @package ParlayBuilder
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

const PARLAY_BUILDER_OPTION = 'parlay_builder_options';

/** The settings with their defaults filled in. */
function parlay_builder_options() {
	$defaults = array(
		'server_url'      => '',
		'books'           => '',
		'region'          => '',
		'affiliate_links' => '',
	);
	$saved    = get_option( PARLAY_BUILDER_OPTION, array() );
	return array_merge( $defaults, is_array( $saved ) ? array_intersect_key( $saved, $defaults ) : array() );
}

/** The server's origin without a trailing slash, or '' when none is set. */
function parlay_builder_server_url() {
	return untrailingslashit( parlay_builder_options()['server_url'] );
}

/**
 * Checks what the settings form sent. A value that cannot be used keeps the saved one and says why.
 *
 * @param mixed $input The submitted settings.
 */
function parlay_builder_sanitize_options( $input ) {
	$current = parlay_builder_options();
	$input   = is_array( $input ) ? $input : array();
	$clean   = $current;

	$server_url = isset( $input['server_url'] ) ? trim( (string) $input['server_url'] ) : '';
	if ( '' === $server_url || preg_match( '#^https?://[^/?\#]+/?$#i', $server_url ) ) {
		$clean['server_url'] = untrailingslashit( esc_url_raw( $server_url, array( 'http', 'https' ) ) );
	} else {
		add_settings_error( PARLAY_BUILDER_OPTION, 'server_url', __( 'The server URL must be an origin such as https://parlay.example.com (no path).', 'parlay-builder' ) );
	}

	$clean['books'] = isset( $input['books'] ) ? sanitize_text_field( (string) $input['books'] ) : '';

	$region          = isset( $input['region'] ) ? (string) $input['region'] : '';
	$clean['region'] = in_array( $region, array( '', 'us', 'uk' ), true ) ? $region : '';

	$links = isset( $input['affiliate_links'] ) ? trim( wp_unslash( (string) $input['affiliate_links'] ) ) : '';
	if ( '' === $links || is_array( json_decode( $links, true ) ) ) {
		$clean['affiliate_links'] = $links;
	} else {
		add_settings_error( PARLAY_BUILDER_OPTION, 'affiliate_links', __( 'Affiliate links must be a JSON object: book name to URL template.', 'parlay-builder' ) );
	}
	return $clean;
}

function parlay_builder_register_settings() {
	register_setting(
		'parlay_builder',
		PARLAY_BUILDER_OPTION,
		array(
			'type'              => 'array',
			'sanitize_callback' => 'parlay_builder_sanitize_options',
		)
	);
	add_settings_section( 'parlay_builder_main', __( 'Server and defaults', 'parlay-builder' ), '__return_false', 'parlay-builder' );
	$fields = array(
		'server_url'      => __( 'Server URL', 'parlay-builder' ),
		'books'           => __( 'Default books (comma-separated)', 'parlay-builder' ),
		'region'          => __( 'Default region', 'parlay-builder' ),
		'affiliate_links' => __( 'Default affiliate links (JSON)', 'parlay-builder' ),
	);
	foreach ( $fields as $key => $label ) {
		add_settings_field(
			'parlay_builder_' . $key,
			$label,
			'parlay_builder_render_field',
			'parlay-builder',
			'parlay_builder_main',
			array(
				'key'       => $key,
				'label_for' => 'parlay_builder_' . $key,
			)
		);
	}
}

/**
 * One field of the settings form.
 *
 * @param array $args The field's key and id.
 */
function parlay_builder_render_field( $args ) {
	$key   = $args['key'];
	$value = parlay_builder_options()[ $key ];
	$id    = 'parlay_builder_' . $key;
	$name  = PARLAY_BUILDER_OPTION . '[' . $key . ']';
	if ( 'region' === $key ) {
		echo '<select id="' . esc_attr( $id ) . '" name="' . esc_attr( $name ) . '">';
		foreach ( array( '' => __( 'The widget’s default (US)', 'parlay-builder' ), 'us' => 'US', 'uk' => 'UK' ) as $option => $label ) {
			echo '<option value="' . esc_attr( $option ) . '"' . selected( $value, $option, false ) . '>' . esc_html( $label ) . '</option>';
		}
		echo '</select>';
		return;
	}
	if ( 'affiliate_links' === $key ) {
		echo '<textarea id="' . esc_attr( $id ) . '" name="' . esc_attr( $name ) . '" rows="4" cols="60" class="large-text code">' . esc_textarea( $value ) . '</textarea>';
		return;
	}
	$type = 'server_url' === $key ? 'url' : 'text';
	echo '<input type="' . esc_attr( $type ) . '" id="' . esc_attr( $id ) . '" name="' . esc_attr( $name ) . '" value="' . esc_attr( $value ) . '" class="regular-text" />';
}

function parlay_builder_add_options_page() {
	add_options_page( __( 'Parlay Builder', 'parlay-builder' ), __( 'Parlay Builder', 'parlay-builder' ), 'manage_options', 'parlay-builder', 'parlay_builder_render_options_page' );
}

function parlay_builder_render_options_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1><form action="options.php" method="post">';
	settings_fields( 'parlay_builder' );
	do_settings_sections( 'parlay-builder' );
	submit_button();
	echo '</form></div>';
}
