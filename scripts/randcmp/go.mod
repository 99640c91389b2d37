module randcmp

go 1.26.8

require github.com/dylhunn/dragontoothmg v0.0.0-20220917014754-e79413b50d93
