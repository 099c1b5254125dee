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

diesel::joinable!(users -> customers (customer_guid));
diesel::joinable!(account_links -> users (user_guid));
diesel::allow_tables_to_appear_in_same_query!(customers, users, account_links, sign_ins);
