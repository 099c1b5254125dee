// The tables of every domain, shared by SQLite and PostgreSQL (portable column types only).

diesel::table! {
    customers (guid) {
        guid -> Text,
        name -> Text,
        name_sef -> Text,
        address -> Text,
        code -> Text,
        visible -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    users (guid) {
        guid -> Text,
        name -> Text,
        email -> Text,
        customer_guid -> Nullable<Text>,
        language -> Text,
        status -> Text,
        login_condition -> Text,
        login_day_limit -> Nullable<Integer>,
        login_condition_from -> Nullable<Timestamp>,
        allowed_ips -> Text,
        shop_access -> Bool,
        archive_access -> Bool,
        is_admin -> Bool,
        is_in_house -> Bool,
        password_hash -> Nullable<Text>,
        totp_secret -> Nullable<Text>,
        totp_pending_secret -> Nullable<Text>,
        totp_last_step -> Nullable<BigInt>,
        created_at -> Timestamp,
        last_login_at -> Nullable<Timestamp>,
        login_count -> Integer,
        pool_guid -> Nullable<Text>,
    }
}

diesel::table! {
    account_links (token_hash) {
        token_hash -> Text,
        user_guid -> Text,
        purpose -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// Admins' single-use recovery codes, as keyed hashes (migration 000020).
    recovery_codes (code_hash) {
        code_hash -> Text,
        user_guid -> Text,
        created_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
        key_id -> Nullable<Text>,
    }
}

diesel::table! {
    sign_ins (id) {
        id -> Text,
        user_guid -> Nullable<Text>,
        email -> Text,
        customer_guid -> Nullable<Text>,
        ip -> Text,
        outcome -> Text,
        at -> Timestamp,
    }
}

diesel::table! {
    archives (id) {
        id -> Integer,
        code -> Text,
        name_tr -> Text,
        name_en -> Text,
        name_ru -> Text,
        next_number -> Integer,
        created_at -> Timestamp,
    }
}

diesel::table! {
    labels (id) {
        id -> Integer,
        group_id -> Nullable<Integer>,
        is_group_header -> Bool,
        name_tr -> Text,
        name_en -> Text,
        name_ru -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    designs (guid) {
        guid -> Text,
        number -> Text,
        archive_id -> Integer,
        design_type -> Text,
        screen_status -> Text,
        channel_count -> Integer,
        layer_count -> Integer,
        is_confined -> Bool,
        customer_guid -> Nullable<Text>,
        studio -> Text,
        notes -> Text,
        original_name -> Text,
        owned_extra -> Bool,
        width_px -> Integer,
        height_px -> Integer,
        dpi -> Double,
        color_mode -> Text,
        bit_depth -> Integer,
        repeat_direction -> Text,
        repeat_offset -> Text,
        repeat_offset_custom -> Nullable<Double>,
        closed_countries -> Text,
        uploaded_at -> Timestamp,
        edited_at -> Timestamp,
    }
}

diesel::table! {
    design_parameters (design_guid) {
        design_guid -> Text,
        dp0 -> Text,
        dp1 -> Text,
        dp2 -> Text,
        dp3 -> Text,
        dp4 -> Text,
        dp5 -> Text,
        dp6 -> Text,
        dp7 -> Text,
        dp8 -> Text,
        dp9 -> Text,
    }
}

diesel::table! {
    design_labels (design_guid, label_id) {
        design_guid -> Text,
        label_id -> Integer,
    }
}

diesel::table! {
    design_channels (design_guid, position) {
        design_guid -> Text,
        position -> Integer,
        name -> Text,
        color -> Text,
        mask_key -> Nullable<Text>,
    }
}

diesel::table! {
    colorways (guid) {
        guid -> Text,
        design_guid -> Text,
        name -> Text,
        position -> Integer,
        inks -> Text,
        source_key -> Nullable<Text>,
        source_name -> Text,
        source_hash -> Nullable<Text>,
        renditions_key -> Text,
        preview_width -> Integer,
        preview_height -> Integer,
        tile_levels -> Integer,
        thumbnails -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    colorway_features (colorway_guid) {
        colorway_guid -> Text,
        design_guid -> Text,
        version -> Integer,
        feature_count -> Integer,
        sketches -> Binary,
        features -> Binary,
        indexed_at -> Timestamp,
    }
}

diesel::table! {
    colorway_colors (colorway_guid, position) {
        colorway_guid -> Text,
        position -> Integer,
        l -> Double,
        a -> Double,
        b -> Double,
        rgb -> Text,
        share -> Double,
        design_guid -> Text,
        bin -> Integer,
    }
}

diesel::table! {
    design_orders (id) {
        id -> Text,
        design_guid -> Text,
        customer_guid -> Nullable<Text>,
        amount -> Double,
        order_type -> Text,
        ordered_at -> Timestamp,
    }
}

diesel::table! {
    import_jobs (id) {
        id -> Text,
        archive_id -> Integer,
        is_new_import -> Bool,
        state -> Text,
        created_by -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    import_files (id) {
        id -> Text,
        job_id -> Text,
        position -> Integer,
        original_name -> Text,
        byte_size -> BigInt,
        content_hash -> Text,
        format -> Text,
        source_key -> Text,
        state -> Text,
        progress -> Integer,
        attempts -> Integer,
        error_code -> Nullable<Text>,
        error_detail -> Nullable<Text>,
        claimed_by -> Nullable<Text>,
        lease_until -> Nullable<Timestamp>,
        facts -> Nullable<Text>,
        renditions_key -> Nullable<Text>,
        group_key -> Text,
        design_number -> Nullable<Text>,
        colorway_name -> Nullable<Text>,
        design_guid -> Nullable<Text>,
        colorway_guid -> Nullable<Text>,
    }
}

diesel::table! {
    pools (guid) {
        guid -> Text,
        name -> Text,
        description -> Text,
        admits_own -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    pool_searches (pool_guid, position) {
        pool_guid -> Text,
        position -> Integer,
        criteria -> Text,
    }
}

diesel::table! {
    pool_designs (pool_guid, design_guid) {
        pool_guid -> Text,
        design_guid -> Text,
    }
}

diesel::table! {
    pool_wear_models (pool_guid, wear_guid) {
        pool_guid -> Text,
        wear_guid -> Text,
    }
}

diesel::table! {
    pool_members (pool_guid, design_guid) {
        pool_guid -> Text,
        design_guid -> Text,
    }
}

diesel::table! {
    design_pins (design_guid) {
        design_guid -> Text,
        position -> Integer,
    }
}

diesel::table! {
    colorway_views (id) {
        id -> Text,
        user_guid -> Text,
        customer_guid -> Nullable<Text>,
        design_guid -> Text,
        colorway_guid -> Text,
        viewed_at -> Timestamp,
    }
}

diesel::table! {
    favorite_adds (id) {
        id -> Text,
        user_guid -> Text,
        customer_guid -> Nullable<Text>,
        design_guid -> Text,
        colorway_guid -> Text,
        added_at -> Timestamp,
    }
}

diesel::table! {
    label_views (view_id, label_id) {
        view_id -> Text,
        label_id -> Integer,
        user_guid -> Text,
        customer_guid -> Nullable<Text>,
        design_guid -> Text,
        colorway_guid -> Text,
        viewed_at -> Timestamp,
    }
}

diesel::table! {
    collections (id) {
        id -> Integer,
        parent_id -> Nullable<Integer>,
        name -> Text,
        description -> Text,
        is_active -> Bool,
        is_banner -> Bool,
        kind -> Nullable<Text>,
        position -> Integer,
        cover_key -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    mood_images (id) {
        id -> Integer,
        collection_id -> Integer,
        position -> Integer,
        image_key -> Text,
        width -> Integer,
        height -> Integer,
        created_at -> Timestamp,
    }
}

diesel::table! {
    mood_image_colorways (image_id, colorway_guid) {
        image_id -> Integer,
        colorway_guid -> Text,
        design_guid -> Text,
        x -> Nullable<Double>,
        y -> Nullable<Double>,
        position -> Integer,
    }
}

diesel::table! {
    design_groups (id) {
        id -> Integer,
        collection_id -> Integer,
        name -> Text,
        position -> Integer,
        criteria -> Nullable<Text>,
    }
}

diesel::table! {
    design_group_designs (group_id, design_guid) {
        group_id -> Integer,
        design_guid -> Text,
        position -> Integer,
    }
}

diesel::table! {
    collection_designs (collection_id, design_guid) {
        collection_id -> Integer,
        design_guid -> Text,
    }
}

diesel::table! {
    special_lists (id) {
        id -> Integer,
        name_tr -> Text,
        name_en -> Text,
        name_ru -> Text,
        rule -> Text,
        position -> Integer,
        created_at -> Timestamp,
    }
}

diesel::table! {
    special_list_designs (list_id, design_guid) {
        list_id -> Integer,
        design_guid -> Text,
        position -> Integer,
    }
}

diesel::table! {
    stock_pages (slug) {
        slug -> Text,
        collection_id -> Integer,
        customer_guid -> Text,
        created_at -> Timestamp,
    }
}

diesel::joinable!(users -> customers (customer_guid));
diesel::joinable!(account_links -> users (user_guid));
diesel::joinable!(recovery_codes -> users (user_guid));
diesel::joinable!(designs -> archives (archive_id));
diesel::joinable!(designs -> customers (customer_guid));
diesel::table! {
    /// The design each admin is labelling on the tagging screen (migration 000016).
    tagging_reservations (design_guid) {
        design_guid -> Text,
        admin_guid -> Text,
        reserved_at -> Timestamp,
    }
}

diesel::table! {
    /// Designs an admin passed over on the tagging screen (migration 000016).
    tagging_skips (admin_guid, design_guid) {
        admin_guid -> Text,
        design_guid -> Text,
        skipped_at -> Timestamp,
    }
}

diesel::table! {
    /// The studio's general settings: one JSON document (migration 000017).
    general_settings (id) {
        id -> Integer,
        document -> Text,
        updated_at -> Timestamp,
        updated_by -> Nullable<Text>,
    }
}

diesel::joinable!(design_labels -> designs (design_guid));
diesel::joinable!(design_parameters -> designs (design_guid));
diesel::table! {
    /// What of a design customers may see and search, per field (migration 000009).
    customer_design_fields (field) {
        field -> Text,
        visible -> Bool,
    }
}

diesel::table! {
    /// The swatches the swatch index was computed for (migration 000007).
    swatch_colors (swatch) {
        swatch -> Integer,
        hex -> Text,
    }
}

diesel::table! {
    /// Per design, the catalog revision its palette last changed at (triggers, migration 000019).
    palette_changes (design_guid) {
        design_guid -> Text,
        revision -> BigInt,
    }
}

diesel::table! {
    /// Per swatch, the designs with a palette colour within the default distance (000007).
    swatch_designs (swatch, design_guid) {
        swatch -> Integer,
        design_guid -> Text,
        score -> Double,
        distance -> Double,
    }
}

diesel::table! {
    /// One row: moves forward with every change a search can see (triggers, migration 000005).
    catalog_revision (id) {
        id -> Integer,
        revision -> BigInt,
    }
}

diesel::table! {
    audit_events (id) {
        id -> BigInt,
        at -> Timestamp,
        actor_guid -> Text,
        action -> Text,
        subject_kind -> Text,
        subject_guid -> Text,
        subject_name -> Text,
        details -> Text,
    }
}

diesel::joinable!(design_labels -> labels (label_id));
diesel::joinable!(design_channels -> designs (design_guid));
diesel::joinable!(colorways -> designs (design_guid));
diesel::table! {
    favorite_lists (guid) {
        guid -> Text,
        user_guid -> Text,
        name -> Text,
        name_key -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    favorite_entries (list_guid, colorway_guid) {
        list_guid -> Text,
        colorway_guid -> Text,
        design_guid -> Text,
        added_at -> Timestamp,
    }
}

diesel::table! {
    favorite_shares (list_guid) {
        list_guid -> Text,
        shared_at -> Timestamp,
        times -> Integer,
    }
}

diesel::table! {
    user_client_settings (user_guid) {
        user_guid -> Text,
        settings -> Text,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    cad_downloads (id) {
        id -> Text,
        user_guid -> Text,
        user_email -> Text,
        customer_guid -> Nullable<Text>,
        design_guid -> Text,
        design_number -> Text,
        colorway_guid -> Text,
        colorway_name -> Text,
        format -> Text,
        kind -> Text,
        bytes -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    cad_bundles (guid) {
        guid -> Text,
        user_guid -> Text,
        name -> Text,
        format -> Text,
        colorways -> Text,
        state -> Text,
        done -> Integer,
        total -> Integer,
        bytes -> BigInt,
        error_code -> Nullable<Text>,
        file_key -> Nullable<Text>,
        created_at -> Timestamp,
        expires_at -> Timestamp,
    }
}

diesel::table! {
    wear_models (guid) {
        guid -> Text,
        name_tr -> Text,
        name_en -> Text,
        name_ru -> Text,
        wear_order -> Integer,
        is_enabled -> Bool,
        width_cm -> Double,
        image_key -> Text,
        width_px -> Integer,
        height_px -> Integer,
        has_displacement -> Bool,
        created_at -> Timestamp,
        edited_at -> Timestamp,
    }
}

diesel::table! {
    wear_model_labels (wear_guid, label_id) {
        wear_guid -> Text,
        label_id -> Integer,
    }
}

diesel::joinable!(colorway_colors -> colorways (colorway_guid));
diesel::joinable!(colorway_features -> colorways (colorway_guid));
diesel::joinable!(cad_bundles -> users (user_guid));
diesel::joinable!(favorite_lists -> users (user_guid));
diesel::joinable!(favorite_entries -> favorite_lists (list_guid));
diesel::joinable!(favorite_entries -> designs (design_guid));
diesel::joinable!(favorite_entries -> colorways (colorway_guid));
diesel::joinable!(favorite_shares -> favorite_lists (list_guid));
diesel::joinable!(design_orders -> designs (design_guid));
diesel::joinable!(design_orders -> customers (customer_guid));
diesel::joinable!(import_files -> import_jobs (job_id));
diesel::joinable!(import_jobs -> archives (archive_id));
diesel::joinable!(users -> pools (pool_guid));
diesel::joinable!(pool_searches -> pools (pool_guid));
diesel::joinable!(pool_designs -> pools (pool_guid));
diesel::joinable!(pool_designs -> designs (design_guid));
diesel::joinable!(pool_wear_models -> pools (pool_guid));
diesel::joinable!(pool_members -> pools (pool_guid));
diesel::joinable!(pool_members -> designs (design_guid));
diesel::joinable!(design_pins -> designs (design_guid));
diesel::joinable!(swatch_designs -> designs (design_guid));
diesel::joinable!(mood_images -> collections (collection_id));
diesel::joinable!(mood_image_colorways -> mood_images (image_id));
diesel::joinable!(mood_image_colorways -> designs (design_guid));
diesel::joinable!(mood_image_colorways -> colorways (colorway_guid));
diesel::joinable!(design_groups -> collections (collection_id));
diesel::joinable!(design_group_designs -> design_groups (group_id));
diesel::joinable!(design_group_designs -> designs (design_guid));
diesel::joinable!(collection_designs -> collections (collection_id));
diesel::joinable!(collection_designs -> designs (design_guid));
diesel::joinable!(special_list_designs -> special_lists (list_id));
diesel::joinable!(special_list_designs -> designs (design_guid));
diesel::joinable!(stock_pages -> collections (collection_id));
diesel::joinable!(stock_pages -> customers (customer_guid));
diesel::joinable!(wear_model_labels -> wear_models (wear_guid));
diesel::joinable!(wear_model_labels -> labels (label_id));
diesel::allow_tables_to_appear_in_same_query!(
    customers,
    users,
    account_links,
    recovery_codes,
    sign_ins,
    archives,
    labels,
    designs,
    design_labels,
    design_parameters,
    design_channels,
    colorways,
    colorway_colors,
    colorway_features,
    design_orders,
    import_jobs,
    import_files,
    pools,
    pool_searches,
    pool_designs,
    pool_wear_models,
    pool_members,
    design_pins,
    colorway_views,
    label_views,
    favorite_adds,
    catalog_revision,
    audit_events,
    swatch_colors,
    swatch_designs,
    palette_changes,
    customer_design_fields,
    favorite_lists,
    favorite_entries,
    favorite_shares,
    user_client_settings,
    cad_downloads,
    cad_bundles,
    collections,
    mood_images,
    mood_image_colorways,
    design_groups,
    design_group_designs,
    collection_designs,
    special_lists,
    special_list_designs,
    stock_pages,
    wear_models,
    wear_model_labels,
    tagging_reservations,
    tagging_skips,
    general_settings,
);
