package main
import (
 _ "github.com/labstack/echo/v4"
 _ "github.com/jackc/pgx/v5"
 _ "github.com/jackc/pgx/v5/pgxpool"
 _ "github.com/jackc/pgx/v5/stdlib"
 _ "github.com/ThreeDotsLabs/watermill/message"
 _ "github.com/ThreeDotsLabs/watermill/message/router/middleware"
 _ "github.com/pressly/goose/v3"
 _ "github.com/ThreeDotsLabs/watermill"
 _ "github.com/casbin/casbin/v2"
 _ "golang.org/x/crypto/argon2"
 _ "github.com/golang-jwt/jwt/v5"
 _ "github.com/google/uuid"
)
func main() {}
